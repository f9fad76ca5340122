enum state { IDLE, RUNNING, DONE };

int clamp_state(enum state s)
{
    if (s < 0)
        return -1;
    if (s - 1 < 0)
        return 0;
    return s > DONE ? DONE : s;
}
