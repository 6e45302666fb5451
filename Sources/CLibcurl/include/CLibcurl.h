// libcurl, loaded when the first transfer starts rather than when the program starts.
//
// The functions below call libcurl through pointers found with dlopen/dlsym, so a program that
// fetches nothing never loads libcurl and the libraries it pulls in (TLS, HTTP/2, ...). The
// constants and types are libcurl's own, from <curl/curl.h>. The variadic setters are given
// one typed entry point per argument kind, which Swift can call.

#ifndef CLIBCURL_H
#define CLIBCURL_H

#include <curl/curl.h>
#include <stddef.h>

/// Loads libcurl and initialises it once. Returns 0 on success; otherwise -1 with a message
/// (why the library could not be loaded) in `message`, at most `capacity` bytes.
int clibcurl_load(char *message, size_t capacity);

/// One transfer: the easy handle with what the callbacks keep.
typedef struct clibcurl_transfer {
    CURL *easy;
    /// Where the body goes; -1 discards it.
    int body_fd;
    /// Set when writing the body failed (the transfer then ends with CURLE_WRITE_ERROR).
    int write_failed;
    /// What an upload reads from; -1 uploads nothing.
    int upload_fd;
    /// The `ETag` header of the latest response (redirects start a new one); empty without one.
    char etag[512];
    /// libcurl's own words for the last error.
    char error[CURL_ERROR_SIZE];
    struct curl_slist *headers;
} clibcurl_transfer;

/// A new transfer with its callbacks set (body to `body_fd`, headers read for the ETag, no
/// signals); NULL when libcurl could not make an easy handle.
clibcurl_transfer *clibcurl_transfer_create(int body_fd);
/// Frees the transfer and its handle (it must not be in a multi handle any more).
void clibcurl_transfer_destroy(clibcurl_transfer *transfer);
/// Uploads from `fd` (`size` bytes) with PUT.
CURLcode clibcurl_transfer_upload_from(clibcurl_transfer *transfer, int fd, curl_off_t size);
/// Adds a request header line (`Name: value`).
int clibcurl_transfer_add_header(clibcurl_transfer *transfer, const char *line);

CURLcode clibcurl_setopt_long(clibcurl_transfer *transfer, CURLoption option, long value);
CURLcode clibcurl_setopt_string(clibcurl_transfer *transfer, CURLoption option, const char *value);
CURLcode clibcurl_setopt_off(clibcurl_transfer *transfer, CURLoption option, curl_off_t value);
/// The response code of the last response (0 for `file://` and before any response).
long clibcurl_response_code(clibcurl_transfer *transfer);
/// The HTTP version of the last response: 10, 11, 20, 30; 0 when there was none.
long clibcurl_http_version(clibcurl_transfer *transfer);
/// How many new connections the transfer opened (0 when it reused one).
long clibcurl_connections_opened(clibcurl_transfer *transfer);
const char *clibcurl_strerror(CURLcode code);

CURLM *clibcurl_multi_create(long max_host_connections, long max_total_connections);
CURLMcode clibcurl_multi_add(CURLM *multi, clibcurl_transfer *transfer);
CURLMcode clibcurl_multi_remove(CURLM *multi, clibcurl_transfer *transfer);
CURLMcode clibcurl_multi_perform(CURLM *multi, int *running);
CURLMcode clibcurl_multi_poll(CURLM *multi, int timeout_ms);
CURLMcode clibcurl_multi_wakeup(CURLM *multi);
/// The next finished transfer's easy handle and result; NULL when none is left.
CURL *clibcurl_multi_next_done(CURLM *multi, CURLcode *result);

#endif
