/* Known result: 64-bit divides and remainders (a library call on RV32), folded into 32 bits. */
#include <stdint.h>
int main(void)
{
    volatile uint64_t n = 0x123456789abcdef0ull, d = 0x12345ull;
    volatile int64_t sn = -0x0fedcba987654321ll, sd = 12345;
    uint64_t q = n / d, r = n % d;
    int64_t sq = sn / sd, sr = sn % sd;
    return (int)(q ^ (q >> 32) ^ r ^ (uint64_t)sq ^ ((uint64_t)sq >> 32) ^ (uint64_t)sr);
}
