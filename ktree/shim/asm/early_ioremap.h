#include <asm-generic/early_ioremap.h>
