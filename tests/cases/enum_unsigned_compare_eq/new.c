enum state { IDLE, RUNNING, DONE };

int clamp_state(enum state s)
{
    return s > DONE ? DONE : s;
}
