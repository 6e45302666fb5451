#include "CLibcurl.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

// libcurl's entry points, found once by clibcurl_load.
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd[], unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[512];
static int load_status = -1;

static void *find(void *library, const char *name) {
    void *symbol = dlsym(library, name);
    if (symbol == NULL && load_error[0] == 0) {
        snprintf(load_error, sizeof load_error, "libcurl lacks %s", name);
    }
    return symbol;
}

static void load_library(void) {
#if defined(__APPLE__)
    static const char *names[] = {"libcurl.4.dylib", "/usr/lib/libcurl.4.dylib", NULL};
#else
    static const char *names[] = {"libcurl.so.4", "libcurl.so", "libcurl-gnutls.so.4", NULL};
#endif
    void *library = NULL;
    for (int i = 0; names[i] != NULL && library == NULL; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error, "cannot load libcurl (%s)", why ? why : "not found");
        return;
    }
    api.global_init = find(library, "curl_global_init");
    api.easy_init = find(library, "curl_easy_init");
    api.easy_setopt = find(library, "curl_easy_setopt");
    api.easy_getinfo = find(library, "curl_easy_getinfo");
    api.easy_cleanup = find(library, "curl_easy_cleanup");
    api.easy_strerror = find(library, "curl_easy_strerror");
    api.multi_init = find(library, "curl_multi_init");
    api.multi_setopt = find(library, "curl_multi_setopt");
    api.multi_add_handle = find(library, "curl_multi_add_handle");
    api.multi_remove_handle = find(library, "curl_multi_remove_handle");
    api.multi_perform = find(library, "curl_multi_perform");
    api.multi_poll = find(library, "curl_multi_poll");
    api.multi_wakeup = find(library, "curl_multi_wakeup");
    api.multi_info_read = find(library, "curl_multi_info_read");
    api.slist_append = find(library, "curl_slist_append");
    api.slist_free_all = find(library, "curl_slist_free_all");
    if (load_error[0] != 0) {
        return;
    }
    if (api.global_init(CURL_GLOBAL_ALL) != CURLE_OK) {
        snprintf(load_error, sizeof load_error, "libcurl could not be initialised");
        return;
    }
    load_status = 0;
}

int clibcurl_load(char *message, size_t capacity) {
    pthread_once(&load_once, load_library);
    if (load_status != 0 && message != NULL && capacity > 0) {
        snprintf(message, capacity, "%s", load_error);
    }
    return load_status;
}

// The body goes to the transfer's file descriptor, whole or not at all.
static size_t write_body(char *data, size_t size, size_t count, void *context) {
    clibcurl_transfer *transfer = context;
    size_t total = size * count;
    if (transfer->body_fd < 0) {
        return total;
    }
    size_t written = 0;
    while (written < total) {
        ssize_t n = write(transfer->body_fd, data + written, total - written);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            transfer->write_failed = 1;
            return 0;
        }
        written += (size_t)n;
    }
    return total;
}

static size_t read_upload(char *buffer, size_t size, size_t count, void *context) {
    clibcurl_transfer *transfer = context;
    for (;;) {
        ssize_t n = read(transfer->upload_fd, buffer, size * count);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        return n < 0 ? CURL_READFUNC_ABORT : (size_t)n;
    }
}

// Keeps the ETag of the latest response: a status line starts a new response (a redirect's
// headers come before the final ones).
static size_t read_header(char *data, size_t size, size_t count, void *context) {
    clibcurl_transfer *transfer = context;
    size_t length = size * count;
    if (length >= 5 && memcmp(data, "HTTP/", 5) == 0) {
        transfer->etag[0] = 0;
    } else if (length > 5 && strncasecmp(data, "etag:", 5) == 0) {
        size_t start = 5, end = length;
        while (start < end && (data[start] == ' ' || data[start] == '\t')) start++;
        while (end > start && (data[end - 1] == '\r' || data[end - 1] == '\n' || data[end - 1] == ' ' || data[end - 1] == '\t')) end--;
        size_t value = end - start;
        if (value < sizeof transfer->etag) {
            memcpy(transfer->etag, data + start, value);
            transfer->etag[value] = 0;
        } else {
            transfer->etag[0] = 0;
        }
    }
    return length;
}

clibcurl_transfer *clibcurl_transfer_create(int body_fd) {
    if (load_status != 0) {
        return NULL;
    }
    clibcurl_transfer *transfer = calloc(1, sizeof *transfer);
    if (transfer == NULL) {
        return NULL;
    }
    transfer->easy = api.easy_init();
    if (transfer->easy == NULL) {
        free(transfer);
        return NULL;
    }
    transfer->body_fd = body_fd;
    transfer->upload_fd = -1;
    api.easy_setopt(transfer->easy, CURLOPT_PRIVATE, (void *)transfer);
    api.easy_setopt(transfer->easy, CURLOPT_NOSIGNAL, 1L);
    api.easy_setopt(transfer->easy, CURLOPT_ERRORBUFFER, transfer->error);
    api.easy_setopt(transfer->easy, CURLOPT_WRITEFUNCTION, write_body);
    api.easy_setopt(transfer->easy, CURLOPT_WRITEDATA, (void *)transfer);
    api.easy_setopt(transfer->easy, CURLOPT_HEADERFUNCTION, read_header);
    api.easy_setopt(transfer->easy, CURLOPT_HEADERDATA, (void *)transfer);
    return transfer;
}

void clibcurl_transfer_destroy(clibcurl_transfer *transfer) {
    if (transfer == NULL) {
        return;
    }
    api.easy_cleanup(transfer->easy);
    if (transfer->headers != NULL) {
        api.slist_free_all(transfer->headers);
    }
    free(transfer);
}

CURLcode clibcurl_transfer_upload_from(clibcurl_transfer *transfer, int fd, curl_off_t size) {
    transfer->upload_fd = fd;
    CURLcode code = api.easy_setopt(transfer->easy, CURLOPT_UPLOAD, 1L);
    if (code == CURLE_OK) code = api.easy_setopt(transfer->easy, CURLOPT_READFUNCTION, read_upload);
    if (code == CURLE_OK) code = api.easy_setopt(transfer->easy, CURLOPT_READDATA, (void *)transfer);
    if (code == CURLE_OK) code = api.easy_setopt(transfer->easy, CURLOPT_INFILESIZE_LARGE, size);
    return code;
}

int clibcurl_transfer_add_header(clibcurl_transfer *transfer, const char *line) {
    struct curl_slist *list = api.slist_append(transfer->headers, line);
    if (list == NULL) {
        return -1;
    }
    transfer->headers = list;
    return api.easy_setopt(transfer->easy, CURLOPT_HTTPHEADER, list) == CURLE_OK ? 0 : -1;
}

CURLcode clibcurl_setopt_long(clibcurl_transfer *transfer, CURLoption option, long value) {
    return api.easy_setopt(transfer->easy, option, value);
}

CURLcode clibcurl_setopt_string(clibcurl_transfer *transfer, CURLoption option, const char *value) {
    return api.easy_setopt(transfer->easy, option, value);
}

CURLcode clibcurl_setopt_off(clibcurl_transfer *transfer, CURLoption option, curl_off_t value) {
    return api.easy_setopt(transfer->easy, option, value);
}

long clibcurl_response_code(clibcurl_transfer *transfer) {
    long code = 0;
    api.easy_getinfo(transfer->easy, CURLINFO_RESPONSE_CODE, &code);
    return code;
}

long clibcurl_http_version(clibcurl_transfer *transfer) {
    long version = 0;
    api.easy_getinfo(transfer->easy, CURLINFO_HTTP_VERSION, &version);
    switch (version) {
    case CURL_HTTP_VERSION_1_0: return 10;
    case CURL_HTTP_VERSION_1_1: return 11;
    case CURL_HTTP_VERSION_2_0: return 20;
    case CURL_HTTP_VERSION_3: return 30;
    default: return 0;
    }
}

long clibcurl_connections_opened(clibcurl_transfer *transfer) {
    long count = 0;
    api.easy_getinfo(transfer->easy, CURLINFO_NUM_CONNECTS, &count);
    return count;
}

const char *clibcurl_strerror(CURLcode code) {
    return load_status == 0 ? api.easy_strerror(code) : "libcurl is not loaded";
}

CURLM *clibcurl_multi_create(long max_host_connections, long max_total_connections) {
    if (load_status != 0) {
        return NULL;
    }
    CURLM *multi = api.multi_init();
    if (multi == NULL) {
        return NULL;
    }
    api.multi_setopt(multi, CURLMOPT_PIPELINING, (long)CURLPIPE_MULTIPLEX);
    api.multi_setopt(multi, CURLMOPT_MAX_HOST_CONNECTIONS, max_host_connections);
    api.multi_setopt(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, max_total_connections);
    return multi;
}

CURLMcode clibcurl_multi_add(CURLM *multi, clibcurl_transfer *transfer) {
    return api.multi_add_handle(multi, transfer->easy);
}

CURLMcode clibcurl_multi_remove(CURLM *multi, clibcurl_transfer *transfer) {
    return api.multi_remove_handle(multi, transfer->easy);
}

CURLMcode clibcurl_multi_perform(CURLM *multi, int *running) {
    return api.multi_perform(multi, running);
}

CURLMcode clibcurl_multi_poll(CURLM *multi, int timeout_ms) {
    return api.multi_poll(multi, NULL, 0, timeout_ms, NULL);
}

CURLMcode clibcurl_multi_wakeup(CURLM *multi) {
    return api.multi_wakeup(multi);
}

CURL *clibcurl_multi_next_done(CURLM *multi, CURLcode *result) {
    int left = 0;
    CURLMsg *message;
    while ((message = api.multi_info_read(multi, &left)) != NULL) {
        if (message->msg == CURLMSG_DONE) {
            *result = message->data.result;
            return message->easy_handle;
        }
    }
    return NULL;
}
