#ifndef MOBILE_OPS_CCURL_SHIM_H
#define MOBILE_OPS_CCURL_SHIM_H

// libcurl's declarations only. The library itself is not linked: CCurlRuntime loads it on
// first use (see CCurlRuntime.h), so a process that never makes a request never maps it.
#include <curl/curl.h>

#endif
