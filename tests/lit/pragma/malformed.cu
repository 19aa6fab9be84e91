// A malformed '#pragma kperf' gets exactly one warning, in -Wignored-pragmas,
// and is otherwise ignored: never an error, and the compile goes on.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-gpu=h100 -Xclang -verify %s
// The group silences it (-Wpragmas includes -Wignored-pragmas); -w too.
// RUN: %kperf_cc -fplugin-arg-kperf-gpu=h100 -Wno-ignored-pragmas %s 2>&1 | count 0
// RUN: %kperf_cc -fplugin-arg-kperf-gpu=h100 -Wno-pragmas %s 2>&1 | count 0
// RUN: %kperf_cc -fplugin-arg-kperf-gpu=h100 -w %s 2>&1 | count 0
// The text of one, with the flag that controls it.
// RUN: %kperf_cc -fplugin-arg-kperf-gpu=h100 %s 2>&1 | FileCheck %s
// CHECK: malformed.cu:[[@LINE+2]]:15: warning: kperf: unknown '#pragma kperf foo': expected trip(N), likely(P), assume(NAME = VALUE), block(X, Y, Z) or gpu(NAME) [-Wignored-pragmas]
// expected-warning@+1 {{kperf: unknown '#pragma kperf foo': expected trip(N), likely(P), assume(NAME = VALUE), block(X, Y, Z) or gpu(NAME)}}
#pragma kperf foo
// expected-warning@+1 {{kperf: unknown '#pragma kperf TRIP'}}
#pragma kperf TRIP(4)
// expected-warning@+1 {{kperf: unknown '#pragma kperf 42'}}
#pragma kperf 42
// expected-warning@+1 {{kperf: empty '#pragma kperf': expected trip(N), likely(P), assume(NAME = VALUE), block(X, Y, Z) or gpu(NAME)}}
#pragma kperf

// trip
// expected-warning@+1 {{kperf: malformed '#pragma kperf trip': expected an integer constant, not ')', e.g. trip(256)}}
#pragma kperf trip()
// expected-warning@+1 {{kperf: malformed '#pragma kperf trip': expected an integer constant, not 'abc', e.g. trip(256)}}
#pragma kperf trip(abc)
// expected-warning@+1 {{kperf: malformed '#pragma kperf trip': expected ')' after the trip count, e.g. trip(256)}}
#pragma kperf trip(5
// expected-warning@+1 {{kperf: malformed '#pragma kperf trip': expected '(' after 'trip', e.g. trip(256)}}
#pragma kperf trip
// expected-warning@+1 {{kperf: malformed '#pragma kperf trip': expected '(' after 'trip', not '5', e.g. trip(256)}}
#pragma kperf trip 5
// expected-warning@+1 {{kperf: malformed '#pragma kperf trip': unexpected 'x' after trip(...), e.g. trip(256)}}
#pragma kperf trip(5) x
// expected-warning@+1 {{kperf: malformed '#pragma kperf trip': expected ')' after the trip count, not '6', e.g. trip(256)}}
#pragma kperf trip(5 6)
// expected-warning@+1 {{kperf: malformed '#pragma kperf trip': expected an integer constant, not '1.5', e.g. trip(256)}}
#pragma kperf trip(1.5)
// expected-warning@+1 {{kperf: malformed '#pragma kperf trip': expected an integer constant, not '"8"', e.g. trip(256)}}
#pragma kperf trip("8")
// expected-warning@+1 {{kperf: malformed '#pragma kperf trip': expected an integer constant, not '0x', e.g. trip(256)}}
#pragma kperf trip(0x)
// expected-warning@+1 {{kperf: malformed '#pragma kperf trip': expected an integer constant, not '09', e.g. trip(256)}}
#pragma kperf trip(09)
// expected-warning@+1 {{kperf: malformed '#pragma kperf trip': expected an integer constant, not ')', e.g. trip(256)}}
#pragma kperf trip(1 +)
// expected-warning@+1 {{kperf: malformed '#pragma kperf trip': expected ')' to close '(', e.g. trip(256)}}
#pragma kperf trip((1 + 2
// expected-warning@+1 {{kperf: malformed '#pragma kperf trip': the trip count must not be negative, not -4, e.g. trip(256)}}
#pragma kperf trip(-4)
// expected-warning@+1 {{kperf: malformed '#pragma kperf trip': division by zero, e.g. trip(256)}}
#pragma kperf trip(1 / (2 - 2))
// expected-warning@+1 {{kperf: malformed '#pragma kperf trip': shift count 64 is out of range, e.g. trip(256)}}
#pragma kperf trip(1 << 64)
// expected-warning@+1 {{kperf: malformed '#pragma kperf trip': the value does not fit in a 64-bit signed integer, e.g. trip(256)}}
#pragma kperf trip(0x7fffffffffffffff + 1)
// expected-warning@+1 {{kperf: malformed '#pragma kperf trip': expected an integer constant, not '18446744073709551615', e.g. trip(256)}}
#pragma kperf trip(18446744073709551615)
// Only object-like macros stand for numbers; nothing is expanded by clang.
#define F(x) x
#define SELF SELF
// expected-warning@+1 {{kperf: malformed '#pragma kperf trip': expected an integer constant, not 'F', e.g. trip(256)}}
#pragma kperf trip(F(4))
// expected-warning@+1 {{kperf: malformed '#pragma kperf trip': expected an integer constant, not 'F', e.g. trip(256)}}
#pragma kperf trip(F(
// expected-warning@+1 {{kperf: malformed '#pragma kperf trip': expected an integer constant, not 'SELF', e.g. trip(256)}}
#pragma kperf trip(SELF)
// expected-warning@+1 {{kperf: malformed '#pragma kperf trip': expected an integer constant, not '__LINE__', e.g. trip(256)}}
#pragma kperf trip(__LINE__)

// assume
// expected-warning@+1 {{kperf: malformed '#pragma kperf assume': expected '=' after 'n', not ')', e.g. assume(n = 1024)}}
#pragma kperf assume(n)
// expected-warning@+1 {{kperf: malformed '#pragma kperf assume': expected a variable name, not '=', e.g. assume(n = 1024)}}
#pragma kperf assume(= 3)
// expected-warning@+1 {{kperf: malformed '#pragma kperf assume': expected an integer constant, not 'x', e.g. assume(n = 1024)}}
#pragma kperf assume(n = x)
// expected-warning@+1 {{kperf: malformed '#pragma kperf assume': expected a variable name, not ')', e.g. assume(n = 1024)}}
#pragma kperf assume()
// expected-warning@+1 {{kperf: malformed '#pragma kperf assume': expected '(' after 'assume', e.g. assume(n = 1024)}}
#pragma kperf assume
// expected-warning@+1 {{kperf: malformed '#pragma kperf assume': expected a variable name, not ')', e.g. assume(n = 1024)}}
#pragma kperf assume(n = 1,)
// expected-warning@+1 {{kperf: malformed '#pragma kperf assume': expected ',' or ')' after the value of 'n', not 'm', e.g. assume(n = 1024)}}
#pragma kperf assume(n = 1 m = 2)
// expected-warning@+1 {{kperf: malformed '#pragma kperf assume': expected ',' or ')' after the value of 'n', e.g. assume(n = 1024)}}
#pragma kperf assume(n = 1
// expected-warning@+1 {{kperf: malformed '#pragma kperf assume': unexpected ';' after assume(...), e.g. assume(n = 1024)}}
#pragma kperf assume(n = 1);
// expected-warning@+1 {{kperf: malformed '#pragma kperf assume': expected a variable name, not 'int', e.g. assume(n = 1024)}}
#pragma kperf assume(int = 1)
// expected-warning@+1 {{kperf: malformed '#pragma kperf assume': the value does not fit in a 64-bit signed integer, e.g. assume(n = 1024)}}
#pragma kperf assume(n = 3037000500 * 3037000500)

// block
// expected-warning@+1 {{kperf: malformed '#pragma kperf block': the block dimension X must be at least 1, not 0, e.g. block(32, 8)}}
#pragma kperf block(0)
// expected-warning@+1 {{kperf: malformed '#pragma kperf block': the block dimension Y must be at least 1, not -2, e.g. block(32, 8)}}
#pragma kperf block(32, -2)
// expected-warning@+1 {{kperf: malformed '#pragma kperf block': the block dimension Z must be at least 1, not 0, e.g. block(32, 8)}}
#pragma kperf block(8, 8, 4 - 4)
// expected-warning@+1 {{kperf: malformed '#pragma kperf block': too many block dimensions: at most three, X, Y and Z, e.g. block(32, 8)}}
#pragma kperf block(4, 4, 4, 4)
// expected-warning@+1 {{kperf: malformed '#pragma kperf block': block size 2048 exceeds 1024 threads, e.g. block(32, 8)}}
#pragma kperf block(2048)
// expected-warning@+1 {{kperf: malformed '#pragma kperf block': block size 1088 exceeds 1024 threads, e.g. block(32, 8)}}
#pragma kperf block(32, 34)
// expected-warning@+1 {{kperf: malformed '#pragma kperf block': block size 2048 exceeds 1024 threads, e.g. block(32, 8)}}
#pragma kperf block(16, 16, 8)
// expected-warning@+1 {{kperf: malformed '#pragma kperf block': block size 4294967296 x 4294967296 x 1 exceeds 1024 threads, e.g. block(32, 8)}}
#pragma kperf block(1 << 32, 1 << 32)
// expected-warning@+1 {{kperf: malformed '#pragma kperf block': expected '(' after 'block', e.g. block(32, 8)}}
#pragma kperf block
// expected-warning@+1 {{kperf: malformed '#pragma kperf block': expected '(' after 'block', not '256', e.g. block(32, 8)}}
#pragma kperf block 256
// expected-warning@+1 {{kperf: malformed '#pragma kperf block': expected ',' or ')' after the block dimension X, e.g. block(32, 8)}}
#pragma kperf block(256
// expected-warning@+1 {{kperf: malformed '#pragma kperf block': expected ',' or ')' after the block dimension Y, not '8', e.g. block(32, 8)}}
#pragma kperf block(32, 4 8)
// expected-warning@+1 {{kperf: malformed '#pragma kperf block': expected ')' after the block dimension Z, not ';', e.g. block(32, 8)}}
#pragma kperf block(8, 8, 8;
// expected-warning@+1 {{kperf: malformed '#pragma kperf block': unexpected 'x' after block(...), e.g. block(32, 8)}}
#pragma kperf block(256) x
// expected-warning@+1 {{kperf: malformed '#pragma kperf block': unexpected ';' after block(...), e.g. block(32, 8)}}
#pragma kperf block(16, 16);
// expected-warning@+1 {{kperf: malformed '#pragma kperf block': expected an integer constant, not ')', e.g. block(32, 8)}}
#pragma kperf block()
// expected-warning@+1 {{kperf: malformed '#pragma kperf block': expected an integer constant, not ')', e.g. block(32, 8)}}
#pragma kperf block(32,)
// expected-warning@+1 {{kperf: malformed '#pragma kperf block': expected an integer constant, not 'threads', e.g. block(32, 8)}}
#pragma kperf block(threads)
// expected-warning@+1 {{kperf: malformed '#pragma kperf block': expected an integer constant, not 'F', e.g. block(32, 8)}}
#pragma kperf block(F(32))
// expected-warning@+1 {{kperf: malformed '#pragma kperf block': division by zero, e.g. block(32, 8)}}
#pragma kperf block(32 / 0)
// expected-warning@+1 {{kperf: unknown '#pragma kperf BLOCK': expected trip(N), likely(P), assume(NAME = VALUE), block(X, Y, Z) or gpu(NAME)}}
#pragma kperf BLOCK(32)

// A trip pragma that no loop follows.
void host(int n, float *a) {
  // expected-warning@+1 {{kperf: '#pragma kperf trip' must come right before a for, while or do loop; ignored}}
#pragma kperf trip(4)
  a[0] = 0;
  // expected-warning@+1 {{kperf: '#pragma kperf trip' must come right before a for, while or do loop; ignored}}
#pragma kperf trip(4)
  {
    for (int i = 0; i < n; ++i)
      a[i] = 0;
  }
  // Two before one loop: the last one applies.
  // expected-warning@+1 {{kperf: '#pragma kperf trip' ignored: a later one applies to the same loop}}
#pragma kperf trip(1)
#pragma kperf trip(2)
  for (int i = 0; i < n; ++i)
    a[i] = 0;
  // expected-warning@+1 {{kperf: '#pragma kperf trip' must come right before a for, while or do loop; ignored}}
#pragma kperf trip(8)
}
// A malformed pragma inside a macro's _Pragma.
#define BAD _Pragma("kperf trip(oops)")
// expected-warning@+1 {{kperf: malformed '#pragma kperf trip': expected an integer constant, not 'oops', e.g. trip(256)}}
BAD
