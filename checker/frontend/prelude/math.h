#ifndef __LIFTDIFF_MATH_H
#define __LIFTDIFF_MATH_H
#define M_E 2.7182818284590452354
#define M_LOG2E 1.4426950408889634074
#define M_LOG10E 0.43429448190325182765
#define M_LN2 0.69314718055994530942
#define M_LN10 2.30258509299404568402
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_PI_4 0.78539816339744830962
#define M_1_PI 0.31830988618379067154
#define M_2_PI 0.63661977236758134308
#define M_2_SQRTPI 1.12837916709551257390
#define M_SQRT2 1.41421356237309504880
#define M_SQRT1_2 0.70710678118654752440
#define HUGE_VAL (1e999)
#define HUGE_VALF (1e999f)
#define INFINITY (1e999f)
#define NAN (-(0.0f / 0.0f)) /* glibc's __builtin_nanf(""): a positive NaN; 0/0 is negative */
#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4
#define fpclassify(x) __builtin_fpclassify(FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL, FP_ZERO, x)
#define signbit(x) __builtin_signbit(x)
#define isfinite(x) __builtin_isfinite(x)
#define isnormal(x) __builtin_isnormal(x)
#define isnan(x) __builtin_isnan(x)
#define isinf(x) __builtin_isinf_sign(x)
double sin(double); double cos(double); double tan(double);
double asin(double); double acos(double); double atan(double); double atan2(double, double);
double sinh(double); double cosh(double); double tanh(double);
double exp(double); double exp2(double); double expm1(double);
double log(double); double log10(double); double log2(double); double log1p(double);
double pow(double, double); double sqrt(double); double cbrt(double); double hypot(double, double);
double fabs(double); double floor(double); double ceil(double); double round(double);
double trunc(double); double fmod(double, double); double fmin(double, double);
double fmax(double, double); double copysign(double, double);
float sinf(float); float cosf(float); float tanf(float);
float asinf(float); float acosf(float); float atanf(float); float atan2f(float, float);
float sinhf(float); float coshf(float); float tanhf(float);
float expf(float); float exp2f(float); float expm1f(float);
float logf(float); float log10f(float); float log2f(float); float log1pf(float);
float powf(float, float); float sqrtf(float); float cbrtf(float); float hypotf(float, float);
float fabsf(float); float floorf(float); float ceilf(float); float roundf(float);
float truncf(float); float fmodf(float, float); float fminf(float, float);
float fmaxf(float, float); float copysignf(float, float);
#endif
