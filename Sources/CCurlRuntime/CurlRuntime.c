// The member calls below would otherwise hit curl.h's type-checking macros of the same names.
#define CURL_DISABLE_TYPECHECK
#include "CCurlRuntime.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// The soname of libcurl 7.x and 8.x: what the libcurl4 (OpenSSL, GnuTLS or NSS flavour)
// package installs, and what a binary linked with -lcurl would ask for.
#define MO_CURL_SONAME "libcurl.so.4"

// Every libcurl function MobileOps calls. `__typeof__` reads the declarations from
// <curl/curl.h> without referencing the symbols, so nothing here needs libcurl at link time.
#define MO_CURL_FUNCTIONS(X) \
    X(curl_global_init) X(curl_version) X(curl_easy_strerror) X(curl_multi_strerror) \
    X(curl_url_strerror) X(curl_free) X(curl_url) X(curl_url_cleanup) X(curl_url_set) \
    X(curl_url_get) X(curl_easy_init) X(curl_easy_cleanup) X(curl_easy_setopt) \
    X(curl_easy_getinfo) X(curl_slist_append) X(curl_slist_free_all) X(curl_multi_init) \
    X(curl_multi_cleanup) X(curl_multi_add_handle) X(curl_multi_remove_handle) \
    X(curl_multi_perform) X(curl_multi_poll) X(curl_multi_info_read) X(curl_multi_wakeup) \
    X(curl_multi_setopt) X(curl_easy_pause)

#define MO_CURL_DECLARE(name) __typeof__(&name) name;
static struct {
    MO_CURL_FUNCTIONS(MO_CURL_DECLARE)
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[512];
static int load_failed;

static void load(void) {
    void *library = dlopen(MO_CURL_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(load_error, sizeof load_error, "cannot load %s: %s", MO_CURL_SONAME, dlerror());
        load_failed = 1;
        return;
    }
#define MO_CURL_RESOLVE(name) \
    curl.name = (__typeof__(curl.name))dlsym(library, #name); \
    if (curl.name == NULL) { \
        snprintf(load_error, sizeof load_error, "%s has no %s (libcurl 7.81 or later is needed)", \
                 MO_CURL_SONAME, #name); \
        load_failed = 1; \
        return; \
    }
    MO_CURL_FUNCTIONS(MO_CURL_RESOLVE)
    // The library stays loaded for the process's life: handles may outlive any caller.
    CURLcode code = curl.curl_global_init(CURL_GLOBAL_ALL);
    if (code != CURLE_OK) {
        snprintf(load_error, sizeof load_error, "curl_global_init failed: %s", curl.curl_easy_strerror(code));
        load_failed = 1;
    }
}

const char *mo_curl_load(void) {
    pthread_once(&load_once, load);
    return load_failed ? load_error : NULL;
}

// MARK: - Forwarders (valid only after mo_curl_load succeeded)

const char *mo_curl_version(void) { return curl.curl_version(); }
const char *mo_curl_easy_strerror(CURLcode code) { return curl.curl_easy_strerror(code); }
const char *mo_curl_multi_strerror(CURLMcode code) { return curl.curl_multi_strerror(code); }
const char *mo_curl_url_strerror(CURLUcode code) { return curl.curl_url_strerror(code); }
void mo_curl_free(void *pointer) { curl.curl_free(pointer); }

CURLU *mo_curl_url(void) { return curl.curl_url(); }
void mo_curl_url_cleanup(CURLU *handle) { curl.curl_url_cleanup(handle); }
CURLUcode mo_curl_url_set(CURLU *handle, CURLUPart part, const char *content, unsigned int flags) {
    return curl.curl_url_set(handle, part, content, flags);
}
CURLUcode mo_curl_url_get(CURLU *handle, CURLUPart part, char **content, unsigned int flags) {
    return curl.curl_url_get(handle, part, content, flags);
}

CURL *mo_curl_easy_init(void) { return curl.curl_easy_init(); }
void mo_curl_easy_cleanup(CURL *handle) { curl.curl_easy_cleanup(handle); }
struct curl_slist *mo_curl_slist_append(struct curl_slist *list, const char *line) {
    return curl.curl_slist_append(list, line);
}
void mo_curl_slist_free_all(struct curl_slist *list) { curl.curl_slist_free_all(list); }

CURLM *mo_curl_multi_init(void) { return curl.curl_multi_init(); }
CURLMcode mo_curl_multi_cleanup(CURLM *multi) { return curl.curl_multi_cleanup(multi); }
CURLMcode mo_curl_multi_add_handle(CURLM *multi, CURL *handle) { return curl.curl_multi_add_handle(multi, handle); }
CURLMcode mo_curl_multi_remove_handle(CURLM *multi, CURL *handle) { return curl.curl_multi_remove_handle(multi, handle); }
CURLMcode mo_curl_multi_perform(CURLM *multi, int *running) { return curl.curl_multi_perform(multi, running); }
CURLMcode mo_curl_multi_poll(CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeout, int *ready) {
    return curl.curl_multi_poll(multi, extra, count, timeout, ready);
}
CURLMsg *mo_curl_multi_info_read(CURLM *multi, int *queued) { return curl.curl_multi_info_read(multi, queued); }
CURLMcode mo_curl_multi_wakeup(CURLM *multi) { return curl.curl_multi_wakeup(multi); }
CURLMcode mo_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl.curl_multi_setopt(multi, option, value);
}

CURLcode mo_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl.curl_easy_setopt(handle, option, value);
}
CURLcode mo_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl.curl_easy_setopt(handle, option, value);
}
CURLcode mo_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl.curl_easy_setopt(handle, option, value);
}
CURLcode mo_curl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl.curl_easy_setopt(handle, option, value);
}
CURLcode mo_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl.curl_easy_setopt(handle, option, value);
}
CURLcode mo_curl_easy_setopt_write_callback(CURL *handle, CURLoption option,
    size_t (*callback)(char *, size_t, size_t, void *)) {
    return curl.curl_easy_setopt(handle, option, callback);
}
CURLcode mo_curl_easy_pause(CURL *handle, int bitmask) { return curl.curl_easy_pause(handle, bitmask); }
CURLcode mo_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl.curl_easy_getinfo(handle, info, value);
}
CURLcode mo_curl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl.curl_easy_getinfo(handle, info, value);
}
