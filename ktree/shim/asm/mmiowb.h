#include <asm-generic/mmiowb.h>
