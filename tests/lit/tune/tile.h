// The tile of header-macro.cu, defined in a header of its directory.
#define ROW_TILE 64
