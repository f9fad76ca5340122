enum state { IDLE, RUNNING, DONE };

int is_idle(enum state s)
{
    return s == IDLE;
}
