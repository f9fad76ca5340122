int f(int x) {
    const char *cmd = CONFIG_UDHCPC_CMD_OPTIONS " -i";
    if (x > 0)
        return CONFIG_UDHCPC_SLACK;
    return cmd[1] + x;
}
