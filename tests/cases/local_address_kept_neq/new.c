struct save { const char *name; int mode; int level; };
const char *applet_name;
int logmode;
static void save_data(struct save *s) {
	s->name = applet_name;
	s->mode = logmode;
	s->level = 3;
}
static void restore_data(struct save *s) {
	applet_name = s->name;
	logmode = s->mode;
}
int f(int n) {
	struct save old;
	int rc;
	save_data(&old);
	logmode = 1;
	rc = n * 3;
	if (n != 7)
		restore_data(&old);
	return rc & 0xff;
}
