// The C library's pseudo-terminal calls. Glibc declares them only under _XOPEN_SOURCE, which the
// Swift Glibc module is not built with, so they are declared here; libc provides them.
int posix_openpt(int flags);
int grantpt(int fd);
int unlockpt(int fd);
int ptsname_r(int fd, char *buf, unsigned long buflen);
