/* BusyBox's run_nofork_applet: `struct nofork_save_area old;
   save_nofork_data(&old); ... restore_nofork_data(&old);`. A local that holds
   pointers and whose address is kept in a variable (a parameter of an inlined
   function) lives in memory at an address of its own, as a local passed to
   code we do not have does, so pointers can be stored in it. The new version
   does not restore for n == 7. */
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
	restore_data(&old);
	return rc & 0xff;
}
