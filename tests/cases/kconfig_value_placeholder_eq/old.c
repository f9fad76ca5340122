/* BusyBox's CONFIG_X values come from the generated autoconf.h; absent, each is a
   placeholder named in the assumptions: a number in an array size, a string
   next to a string literal (through a macro that is just the name, too). */
#define CMD_OPTIONS CONFIG_UDHCPC_CMD_OPTIONS
struct packet { char options[4 + CONFIG_UDHCPC_SLACK]; };
int f(int x) {
    struct packet p;
    const char *cmd = "-i " CMD_OPTIONS;
    if (x > 0)
        return (int)sizeof p.options - 4;
    return cmd[1] + x;
}
