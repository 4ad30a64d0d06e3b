/*
 * A tiny arm64 program for the end-to-end test: built by the cross
 * compiler with and without branch protection, then surveyed. twice()
 * starts with a USDT site (a nop and a .note.stapsdt entry, written by
 * hand as <sys/sdt.h> would), main() with a frame push.
 */
#define USDT()                                                      \
	__asm__ volatile("990: nop\n"                               \
			 ".pushsection .note.stapsdt,\"\",\"note\"\n" \
			 ".balign 4\n"                              \
			 ".4byte 992f-991f, 994f-993f, 3\n"          \
			 "991: .asciz \"stapsdt\"\n"                 \
			 "992: .balign 4\n"                          \
			 "993: .8byte 990b, 0, 0\n"                  \
			 ".asciz \"sample\"\n.asciz \"twice\"\n"     \
			 ".asciz \"-4@x0\"\n"                        \
			 "994: .balign 4\n"                          \
			 ".popsection\n")

__attribute__((noinline)) int twice(int x)
{
	USDT();
	return 2 * x;
}

int main(int argc)
{
	return twice(argc) + 1;
}
