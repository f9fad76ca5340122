#ifndef __LIFTDIFF_TIME_H
#define __LIFTDIFF_TIME_H
#include <sys/types.h>
struct timespec { time_t tv_sec; long tv_nsec; };
struct tm {
    int tm_sec; int tm_min; int tm_hour; int tm_mday; int tm_mon; int tm_year;
    int tm_wday; int tm_yday; int tm_isdst; long tm_gmtoff; const char *tm_zone;
};
#define CLOCKS_PER_SEC 1000000L
#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
time_t time(time_t *);
clock_t clock(void);
double difftime(time_t, time_t);
time_t mktime(struct tm *);
struct tm *localtime(const time_t *);
struct tm *localtime_r(const time_t *, struct tm *);
struct tm *gmtime(const time_t *);
struct tm *gmtime_r(const time_t *, struct tm *);
size_t strftime(char *, size_t, const char *, const struct tm *);
char *strptime(const char *, const char *, struct tm *);
char *ctime(const time_t *);
char *asctime(const struct tm *);
int nanosleep(const struct timespec *, struct timespec *);
int clock_gettime(clockid_t, struct timespec *);
int clock_settime(clockid_t, const struct timespec *);
void tzset(void);
#endif
