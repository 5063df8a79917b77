/* Known result: fib(20) = 6765, recursively (stack frames, calls, returns). */
__attribute__((noinline)) static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int main(void)
{
    volatile int n = 20;
    return fib(n);
}
