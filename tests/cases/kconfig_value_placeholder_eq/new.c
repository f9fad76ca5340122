int f(int x) {
    const char *cmd = "-i " CONFIG_UDHCPC_CMD_OPTIONS;
    if (x > 0)
        return CONFIG_UDHCPC_SLACK;
    return 'i' + x;
}
