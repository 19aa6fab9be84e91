// kperf-bank-conflict: a break under a data-dependent condition ends the
// loop for some threads, but all of them are back after the loop: the code
// after it is judged.  Inside the loop, after the break, which threads take
// part is unknown: nothing is said there.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note,remark

__global__ void early_stop(float *d) {
  __shared__ float s[32][32];
  int t = threadIdx.x;
  for (int i = 0; i < 32; i++) {
    if (d[t * 32 + i] < 0.0f) // expected-warning {{uncoalesced global load of 'd'}}
      break;
    s[t][i] = 1.0f;
  }
  __syncthreads();
  d[t] = s[t][0]; // expected-warning {{32-way shared-memory bank conflict on 's': lanes 0-31 all hit bank 0 at 32 different addresses}}
}

// A return in the loop ends the kernel for those threads: after the loop,
// which threads are left is unknown, and nothing is said.
__global__ void early_return(float *d) {
  __shared__ float s[32][32];
  int t = threadIdx.x;
  for (int i = 0; i < 32; i++) {
    if (d[t * 32 + i] < 0.0f) // expected-warning {{uncoalesced global load of 'd'}}
      return;
    s[t][i] = 1.0f;
  }
  d[t] = s[t][0];
}

int main() {
  early_stop<<<1, 32>>>(nullptr);
  early_return<<<1, 32>>>(nullptr);
}
