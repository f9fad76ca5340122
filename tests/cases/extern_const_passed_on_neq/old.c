/* A const array this file only declares (defined in another file: BusyBox's
   MAC_BCAST_ADDR) passed to a function without code: in memory at an address of
   its own, holding the same unknown contents in both versions. */
extern const int LIMITS[2];
int apply(const int *limits, int op);
void log_error(const char *s);
void log_info(const char *s);
int decline(int op)
{
    log_error("declining");
    return apply(LIMITS, op);
}
