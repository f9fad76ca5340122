union U { float f; unsigned u; };
float f(float x) { union U v; v.f = x; return v.f * 2.0f; }
