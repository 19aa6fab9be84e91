// No kernel, and host code that does not compile: nothing kperf can read.
int main() { return not_declared_anywhere(); }
