#include <stdint.h>
#define UART_DR (*(volatile uint32_t *)0x4000c000u)
uint32_t f(void) { return 2 * UART_DR; }
