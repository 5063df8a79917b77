/* Known result: sum over i < 1000 of (i * i) ^ popcount(i) ^ (i >> 3), modulo 2^32. */
#include <stdint.h>
int main(void)
{
    volatile uint32_t n = 1000;
    uint32_t s = 0;
    for (uint32_t i = 0; i < n; i++)
        s += (i * i) ^ (uint32_t)__builtin_popcount(i) ^ (i >> 3);
    return (int)s;
}
