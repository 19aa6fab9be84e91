// SHOC's src/common/Timer.h includes "config.h", which SHOC's configure
// script writes.  On the include path of the SHOC units (units.tsv) in place
// of the generated file, with the one fact Timer.h needs: this is a POSIX
// host with gettimeofday (what configure finds on Linux).
#pragma once
#define HAVE_GETTIMEOFDAY 1
