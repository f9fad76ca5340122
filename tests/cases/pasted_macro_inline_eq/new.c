/* BusyBox libbb.h (WARN_SIMPLE_MSG): an argument-counting variadic macro pastes
   (`##`) the name of a static inline function that a one-argument call reaches.
   No text spells that name: the slice once left the function out, and its call
   became one without code (NOT_EQUIVALENT or UNKNOWN, though both versions call twice_simple). */
static int twice_simple(int v) { return 2 * v; }
#if ENABLE_WARN
static inline int __attribute__((deprecated("use twice_simple")))
	x_not_simple_twice(int v) { return twice_simple(v); }
#define ARG4_(_0, _1, _2, _3, ...) _3
#define MSG_KIND(...) ARG4_(__VA_ARGS__, , , _not_simple)
#define MSG_(name, kind, ...) x##kind##name(__VA_ARGS__)
#define MSG(name, kind, ...) MSG_(name, kind, __VA_ARGS__)
#define twice(...) MSG(_twice, MSG_KIND(__VA_ARGS__), __VA_ARGS__)
#else
#define twice(v) twice_simple(v)
#endif
int f(int d) {
	d &= 0xff;
	return twice_simple(d);
}
