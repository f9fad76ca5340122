/* A device register: each access is observable (C11 5.1.2.3p6); reading it twice
   is not reading it once and doubling. Refused, not proved. */
#include <stdint.h>
#define UART_DR (*(volatile uint32_t *)0x4000c000u)
uint32_t f(void) { return UART_DR + UART_DR; }
