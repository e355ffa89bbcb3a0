#include <asm-generic/kmap_size.h>
