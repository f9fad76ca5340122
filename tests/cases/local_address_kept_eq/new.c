struct save { const char *name; int mode; int level; };
const char *applet_name;
int logmode;
static void save_data(struct save *s) {
	s->level = 3;
	s->mode = logmode;
	s->name = applet_name;
}
int run(int n);
int f(int n) {
	struct save old;
	struct save *p = &old;
	int rc;
	save_data(p);
	logmode = 1;
	rc = run(n);
	logmode = p->mode;
	applet_name = p->name;
	return rc & 0xff;
}
