#ifndef MOBILE_OPS_CCURL_RUNTIME_H
#define MOBILE_OPS_CCURL_RUNTIME_H

// libcurl, loaded on first use.
//
// libcurl and the ~30 libraries it pulls in (OpenSSL, GnuTLS, Kerberos, LDAP, SSH...) cost
// the server about 8 MB of resident memory once mapped and initialised, yet an idle server,
// or one with no git host or store configured, never makes an outgoing request. So nothing
// links libcurl: `mo_curl_load` opens `libcurl.so.4` with dlopen, resolves every function
// below and runs `curl_global_init`, once per process, on the first request.
//
// Every other function here forwards to libcurl's function of the same name without the
// `mo_` prefix and may only be called after `mo_curl_load` succeeded. The `setopt`/`getinfo`
// wrappers also give Swift, which cannot call C variadics, one typed entry point per
// argument type.

#include <curl/curl.h>

// Constants curl.h defines as macros built from other macros or casts, which Swift does not
// import: the write callback's "pause this transfer" answer and curl_easy_pause's "resume".
static const size_t MO_CURL_WRITEFUNC_PAUSE = CURL_WRITEFUNC_PAUSE;
static const int MO_CURLPAUSE_CONT = CURLPAUSE_CONT;

/// Loads libcurl and runs `curl_global_init` (once; later calls return the first result).
/// Returns NULL on success, or a message saying what failed (valid for the process's life).
const char *mo_curl_load(void);

const char *mo_curl_version(void);
const char *mo_curl_easy_strerror(CURLcode code);
const char *mo_curl_multi_strerror(CURLMcode code);
const char *mo_curl_url_strerror(CURLUcode code);
void mo_curl_free(void *pointer);

CURLU *mo_curl_url(void);
void mo_curl_url_cleanup(CURLU *handle);
CURLUcode mo_curl_url_set(CURLU *handle, CURLUPart part, const char *content, unsigned int flags);
CURLUcode mo_curl_url_get(CURLU *handle, CURLUPart part, char **content, unsigned int flags);

CURL *mo_curl_easy_init(void);
void mo_curl_easy_cleanup(CURL *handle);
struct curl_slist *mo_curl_slist_append(struct curl_slist *list, const char *line);
void mo_curl_slist_free_all(struct curl_slist *list);

CURLM *mo_curl_multi_init(void);
CURLMcode mo_curl_multi_cleanup(CURLM *multi);
CURLMcode mo_curl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode mo_curl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode mo_curl_multi_perform(CURLM *multi, int *running);
CURLMcode mo_curl_multi_poll(CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeout, int *ready);
CURLMsg *mo_curl_multi_info_read(CURLM *multi, int *queued);
CURLMcode mo_curl_multi_wakeup(CURLM *multi);
CURLMcode mo_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);

CURLcode mo_curl_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode mo_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode mo_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode mo_curl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
CURLcode mo_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
CURLcode mo_curl_easy_setopt_write_callback(CURL *handle, CURLoption option,
    size_t (*callback)(char *, size_t, size_t, void *));
/// Pauses or resumes a transfer; only on the thread that drives it (streamed response bodies).
CURLcode mo_curl_easy_pause(CURL *handle, int bitmask);
CURLcode mo_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode mo_curl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value);

#endif
