// The render clock for the C library's time functions (issue #42).
//
// Inside a render, every clock a view can read must be the render's clock: Foundation's `Date`,
// CoreFoundation's absolute time, Swift's `ContinuousClock` and `SuspendingClock`, Dispatch's
// `DispatchTime` and `DispatchWallTime`, `ProcessInfo.systemUptime`, and C's `clock_gettime`,
// `gettimeofday` and `time` all end in the C library's `clock_gettime`, `gettimeofday` or `time`,
// called from other shared objects through the dynamic linker. Scanline defines those three here:
// the executable (or libScanlineKit.so, which a user's compiled view loads before the C library)
// then answers them for the whole process, as libfaketime does from a preloaded library.
//
// Which time a call sees is decided per call, by `source` (set by Scanline's Swift side): it says
// whether the calling thread is running a render's code right now (Swift's task-local
// `RenderClock.current`, so it follows a task across threads) and if so, that render's time. Every
// other call, on every other thread, goes straight to the C library's own function.
//
// Sleeping: Foundation's `Thread.sleep` sleeps with `nanosleep` and then reads the clock until the
// time it wants has come. A render's clock does not move while the view's code runs, so that loop
// would never end. The sleep functions are defined here too: inside a render they sleep for real,
// and the sleeping thread's clocks then read that much later, until the render's time moves on.
//
// Timers: `Timer.scheduledTimer`, `RunLoop.main.add(_:forMode:)` and `RunLoop.main.perform` reach
// CoreFoundation's `CFRunLoopAddTimer` and `CFRunLoopPerformBlock`. Inside a render those are
// given a run-loop mode of the render's own (`render_mode`), which no code runs but the renderer,
// at the timers' due instants in render time (Runtime/RunLoopTimers.swift).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#include <pthread.h>
#include <stdlib.h>
#include "CScanline.h"

static _Atomic(scanline_render_time_source) source;
static void *_Atomic render_mode;

void scanline_clock_set_source(scanline_render_time_source fn) { atomic_store(&source, fn); }
void scanline_clock_set_render_mode(void *mode) { atomic_store(&render_mode, mode); }

// The C library's own functions, found once with dlsym(RTLD_NEXT): the next definition after
// this object's, which is libc's.
#define REAL(name, type)                                                                  \
    static type real_##name(void) {                                                       \
        static _Atomic(type) fn;                                                          \
        type f = atomic_load_explicit(&fn, memory_order_acquire);                         \
        if (!f) {                                                                         \
            f = (type)dlsym(RTLD_NEXT, #name);                                            \
            atomic_store_explicit(&fn, f, memory_order_release);                          \
        }                                                                                 \
        return f;                                                                         \
    }
typedef int (*clock_gettime_fn)(clockid_t, struct timespec *);
typedef int (*gettimeofday_fn)(struct timeval *, void *);
typedef int (*nanosleep_fn)(const struct timespec *, struct timespec *);
typedef int (*clock_nanosleep_fn)(clockid_t, int, const struct timespec *, struct timespec *);
typedef void (*cf_add_timer_fn)(void *, void *, void *);
typedef void (*cf_perform_fn)(void *, void *, void *);
REAL(clock_gettime, clock_gettime_fn)
REAL(gettimeofday, gettimeofday_fn)
REAL(nanosleep, nanosleep_fn)
REAL(clock_nanosleep, clock_nanosleep_fn)
REAL(CFRunLoopAddTimer, cf_add_timer_fn)
REAL(CFRunLoopPerformBlock, cf_perform_fn)

int scanline_real_clock_gettime(int clock, struct timespec *ts) {
    clock_gettime_fn f = real_clock_gettime();
    return f ? f((clockid_t)clock, ts) : (int)syscall(SYS_clock_gettime, clock, ts);
}

// Time this thread slept inside one render at one render instant (reset when either changes).
static _Thread_local int64_t slept_ns, slept_at = -1;
static _Thread_local void *slept_in;

/// The render's time for the calling thread, in nanoseconds: `since_start` since the render began
/// (plus what the thread slept at this instant) and the start date since 1970. False outside a
/// render.
static int render_of(int64_t *since_start, int64_t *start_epoch, void **render) {
    scanline_render_time_source fn = atomic_load_explicit(&source, memory_order_acquire);
    if (!fn || !fn(since_start, start_epoch, render)) return 0;
    if (slept_at != *since_start || slept_in != *render) { slept_at = *since_start; slept_in = *render; slept_ns = 0; }
    *since_start += slept_ns;
    return 1;
}

static int render_now(int64_t *since_start, int64_t *start_epoch) {
    void *render;
    return render_of(since_start, start_epoch, &render);
}

static int is_cpu_clock(clockid_t id) {
    // CPU-time clocks (the process's, a thread's, and the negative ids of clock_getcpuclockid) stay real.
    return id == CLOCK_PROCESS_CPUTIME_ID || id == CLOCK_THREAD_CPUTIME_ID || id < 0;
}

static int is_wall_clock(clockid_t id) {
    return id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE || id == CLOCK_TAI
#ifdef CLOCK_REALTIME_ALARM
        || id == CLOCK_REALTIME_ALARM
#endif
        ;
}

int64_t scanline_render_uptime_ns(int64_t since_start) { return SCANLINE_RENDER_UPTIME_AT_START_NS + since_start; }

int clock_gettime(clockid_t id, struct timespec *ts) {
    int64_t t, start;
    if (!is_cpu_clock(id) && render_now(&t, &start)) {
        int64_t ns = is_wall_clock(id) ? start + t : scanline_render_uptime_ns(t);
        ts->tv_sec = (time_t)(ns / 1000000000);
        ts->tv_nsec = (long)(ns % 1000000000);
        if (ts->tv_nsec < 0) { ts->tv_nsec += 1000000000; ts->tv_sec -= 1; }
        return 0;
    }
    return scanline_real_clock_gettime(id, ts);
}

int gettimeofday(struct timeval *restrict tv, void *restrict tz) {
    int64_t t, start;
    if (render_now(&t, &start)) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        tv->tv_sec = ts.tv_sec;
        tv->tv_usec = ts.tv_nsec / 1000;
        return 0;
    }
    gettimeofday_fn f = real_gettimeofday();
    return f(tv, tz);
}

time_t time(time_t *out) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    if (out) *out = ts.tv_sec;
    return ts.tv_sec;
}

static void add_slept(const struct timespec *d) {
    if (d && d->tv_sec >= 0 && d->tv_nsec >= 0) slept_ns += (int64_t)d->tv_sec * 1000000000 + d->tv_nsec;
}

int nanosleep(const struct timespec *request, struct timespec *remaining) {
    int64_t t, start;
    int virtual_time = render_now(&t, &start);
    int r = real_nanosleep()(request, remaining);
    if (virtual_time && r == 0) add_slept(request);
    return r;
}

int clock_nanosleep(clockid_t id, int flags, const struct timespec *request, struct timespec *remaining) {
    int64_t t, start;
    if (is_cpu_clock(id) || !render_now(&t, &start)) return real_clock_nanosleep()(id, flags, request, remaining);
    struct timespec relative = *request;
    if (flags & TIMER_ABSTIME) {
        // A deadline in render time: sleep for what is left of it.
        struct timespec now;
        clock_gettime(id, &now);
        int64_t left = ((int64_t)request->tv_sec - now.tv_sec) * 1000000000 + (request->tv_nsec - now.tv_nsec);
        if (left <= 0) return 0;
        relative.tv_sec = (time_t)(left / 1000000000);
        relative.tv_nsec = (long)(left % 1000000000);
    }
    int r = real_clock_nanosleep()(id, 0, &relative, (flags & TIMER_ABSTIME) ? NULL : remaining);
    if (r == 0) add_slept(&relative);
    return r;
}

int usleep(useconds_t us) {
    struct timespec d = {(time_t)(us / 1000000), (long)(us % 1000000) * 1000};
    int r = nanosleep(&d, NULL);
    return r == 0 ? 0 : -1;
}

unsigned int sleep(unsigned int seconds) {
    struct timespec d = {(time_t)seconds, 0}, left = {0, 0};
    if (nanosleep(&d, &left) != 0) return (unsigned int)left.tv_sec + (left.tv_nsec > 0);
    return 0;
}

// CoreFoundation's run-loop entry points. Nothing but CoreFoundation's clients calls them, so
// when CoreFoundation is not in the process they are never called.
//
// A render's main actor may run on a different thread after each `await` (Dispatch drains the
// main queue on a thread of its pool once the main thread has handed it over), and a run loop
// runs only on its own thread. So the timers scheduled inside a render are kept here, and moved to
// the run loop of the thread that fires them (`scanline_render_timers_gather`); the blocks given
// to `perform` are kept here and run by the renderer (`scanline_render_blocks_run`).
typedef const void *(*cf_retain_fn)(const void *);
typedef void (*cf_release_fn)(const void *);
typedef void (*cf_remove_timer_fn)(void *, void *, void *);
typedef unsigned char (*cf_timer_is_valid_fn)(void *);
typedef void *(*block_copy_fn)(const void *);
typedef void (*block_release_fn)(const void *);
#define LOOKUP(type, name) ((type)dlsym(RTLD_DEFAULT, name))

static pthread_mutex_t timers_lock = PTHREAD_MUTEX_INITIALIZER;
static struct tracked_timer { void *timer, *loop, *render; } *timers;
static size_t timer_count, timer_capacity;
static struct tracked_block { void *block, *render; } *blocks;
static size_t block_count, block_capacity;

struct tracked_source;
static struct tracked_source *end_sources(void *render, size_t *ended);
static void finish_ended_sources(struct tracked_source *ended, size_t count);

static int grow(void **array, size_t *capacity, size_t count, size_t size) {
    if (count < *capacity) return 1;
    size_t n = *capacity ? *capacity * 2 : 16;
    void *bigger = realloc(*array, n * size);
    if (!bigger) return 0;
    *array = bigger;
    *capacity = n;
    return 1;
}

void CFRunLoopAddTimer(void *loop, void *timer, void *mode) {
    int64_t t, start;
    void *own = atomic_load(&render_mode), *render = NULL;
    if (own && render_of(&t, &start, &render)) {
        cf_retain_fn retain = LOOKUP(cf_retain_fn, "CFRetain");
        pthread_mutex_lock(&timers_lock);
        int known = 0;
        for (size_t i = 0; i < timer_count; i++) if (timers[i].timer == timer) known = 1;
        if (!known && retain && grow((void **)&timers, &timer_capacity, timer_count, sizeof *timers)) {
            // The loop too: it may belong to a thread that ends before the timer moves.
            retain(timer);
            retain(loop);
            timers[timer_count++] = (struct tracked_timer){timer, loop, render};
        }
        pthread_mutex_unlock(&timers_lock);
        mode = own;
    }
    real_CFRunLoopAddTimer()(loop, timer, mode);
}

int scanline_render_timers_gather(void *loop, void *render) {
    void *own = atomic_load(&render_mode);
    cf_retain_fn retain = LOOKUP(cf_retain_fn, "CFRetain");
    cf_release_fn release = LOOKUP(cf_release_fn, "CFRelease");
    cf_remove_timer_fn remove = LOOKUP(cf_remove_timer_fn, "CFRunLoopRemoveTimer");
    cf_timer_is_valid_fn valid = LOOKUP(cf_timer_is_valid_fn, "CFRunLoopTimerIsValid");
    if (!own || !retain || !release || !remove || !valid) return 0;
    pthread_mutex_lock(&timers_lock);
    size_t kept = 0;
    for (size_t i = 0; i < timer_count; i++) {
        struct tracked_timer tt = timers[i];
        if (!valid(tt.timer)) { release(tt.timer); release(tt.loop); continue; }   // invalidated: it never fires again
        if (tt.render == render && tt.loop != loop) {
            remove(tt.loop, tt.timer, own);
            real_CFRunLoopAddTimer()(loop, tt.timer, own);
            retain(loop);
            release(tt.loop);
            tt.loop = loop;
        }
        timers[kept++] = tt;
    }
    timer_count = kept;
    int mine = 0;
    for (size_t i = 0; i < timer_count; i++) mine += timers[i].render == render;
    pthread_mutex_unlock(&timers_lock);
    return mine;
}

void scanline_render_timers_end(void *render) {
    cf_release_fn release = LOOKUP(cf_release_fn, "CFRelease");
    void (*invalidate)(void *) = LOOKUP(void (*)(void *), "CFRunLoopTimerInvalidate");
    block_release_fn release_block = LOOKUP(block_release_fn, "_Block_release");
    pthread_mutex_lock(&timers_lock);
    size_t kept = 0;
    for (size_t i = 0; i < timer_count; i++) {
        if (timers[i].render != render) { timers[kept++] = timers[i]; continue; }
        if (invalidate) invalidate(timers[i].timer);
        if (release) { release(timers[i].timer); release(timers[i].loop); }
    }
    timer_count = kept;
    kept = 0;
    for (size_t i = 0; i < block_count; i++) {
        if (blocks[i].render != render) { blocks[kept++] = blocks[i]; continue; }
        if (release_block) release_block(blocks[i].block);
    }
    block_count = kept;
    size_t ended_count = 0;
    struct tracked_source *ended = end_sources(render, &ended_count);
    pthread_mutex_unlock(&timers_lock);
    finish_ended_sources(ended, ended_count);
}

void CFRunLoopPerformBlock(void *loop, void *modes, void *block) {
    int64_t t, start;
    void *own = atomic_load(&render_mode), *render = NULL;
    block_copy_fn copy = LOOKUP(block_copy_fn, "_Block_copy");
    if (own && copy && block && render_of(&t, &start, &render)) {
        pthread_mutex_lock(&timers_lock);
        if (grow((void **)&blocks, &block_capacity, block_count, sizeof *blocks)) {
            blocks[block_count++] = (struct tracked_block){copy(block), render};
            pthread_mutex_unlock(&timers_lock);
            return;
        }
        pthread_mutex_unlock(&timers_lock);
    }
    real_CFRunLoopPerformBlock()(loop, modes, block);
}

// Dispatch's timers. A timer source made inside a render on the main queue follows the render:
// its real timer is held at "never" and the renderer calls its handler at its due instants in
// render time (`scanline_render_dispatch_next` and `_fire`), on the render's main actor, as the
// main queue would. One made for another queue cannot (Dispatch keeps and compares its deadlines
// on a thread of its own): it is counted, so the renderer can warn that it fires on the
// machine's clock.
typedef void *(*dispatch_source_create_fn)(void *, uintptr_t, uintptr_t, void *);
typedef void (*dispatch_set_timer_fn)(void *, uint64_t, uint64_t, uint64_t);
typedef void (*dispatch_set_handler_fn)(void *, void *);
typedef void (*dispatch_object_fn)(void *);
typedef long (*dispatch_testcancel_fn)(void *);
REAL(dispatch_source_create, dispatch_source_create_fn)
REAL(dispatch_source_set_timer, dispatch_set_timer_fn)
REAL(dispatch_source_set_event_handler, dispatch_set_handler_fn)
REAL(dispatch_resume, dispatch_object_fn)
REAL(dispatch_activate, dispatch_object_fn)
REAL(dispatch_suspend, dispatch_object_fn)
static atomic_long dispatch_timers;
long scanline_render_dispatch_timers(void) { return atomic_load(&dispatch_timers); }

#define DISPATCH_FOREVER (~(uint64_t)0)
static struct tracked_source {
    void *source, *render, *handler;
    uint64_t next_ns, interval_ns;   // next due time on the render's monotonic clock; 0: not scheduled
    int running;                     // resumes less suspends: it fires only when > 0
} *sources;
static size_t source_count, source_capacity;

static struct tracked_source *find_source(void *source) {
    for (size_t i = 0; i < source_count; i++) if (sources[i].source == source) return &sources[i];
    return NULL;
}

void *dispatch_source_create(void *type, uintptr_t handle, uintptr_t mask, void *queue) {
    void *source = real_dispatch_source_create()(type, handle, mask, queue);
    int64_t t, start;
    void *render = NULL;
    void *main_queue = dlsym(RTLD_DEFAULT, "_dispatch_main_q");
    void *timer_type = dlsym(RTLD_DEFAULT, "_dispatch_source_type_timer");
    if (source && type == timer_type && queue && queue == main_queue && render_of(&t, &start, &render)) {
        pthread_mutex_lock(&timers_lock);
        if (grow((void **)&sources, &source_capacity, source_count, sizeof *sources)) {
            dispatch_object_fn retain = LOOKUP(dispatch_object_fn, "dispatch_retain");
            if (retain) retain(source);
            sources[source_count++] = (struct tracked_source){source, render, NULL, 0, 0, 0};
        }
        pthread_mutex_unlock(&timers_lock);
    }
    return source;
}

void dispatch_source_set_timer(void *source, uint64_t start, uint64_t interval, uint64_t leeway) {
    pthread_mutex_lock(&timers_lock);
    struct tracked_source *s = find_source(source);
    // A deadline on the monotonic clock (a wall-clock one has its top bit set) of a tracked source.
    if (s && (int64_t)start >= 0) {
        s->next_ns = start == 0 ? 1 : start;   // 0 is DISPATCH_TIME_NOW
        s->interval_ns = interval;
        pthread_mutex_unlock(&timers_lock);
        real_dispatch_source_set_timer()(source, DISPATCH_FOREVER, DISPATCH_FOREVER, 0);
        return;
    }
    pthread_mutex_unlock(&timers_lock);
    int64_t t, st;
    if (render_now(&t, &st)) atomic_fetch_add(&dispatch_timers, 1);
    real_dispatch_source_set_timer()(source, start, interval, leeway);
}

void dispatch_source_set_event_handler(void *source, void *handler) {
    block_copy_fn copy = LOOKUP(block_copy_fn, "_Block_copy");
    block_release_fn release = LOOKUP(block_release_fn, "_Block_release");
    pthread_mutex_lock(&timers_lock);
    struct tracked_source *s = find_source(source);
    if (s && copy && release) {
        if (s->handler) release(s->handler);
        s->handler = handler ? copy(handler) : NULL;
    }
    pthread_mutex_unlock(&timers_lock);
    real_dispatch_source_set_event_handler()(source, handler);
}

static int track_running(void *object, int delta) {
    pthread_mutex_lock(&timers_lock);
    struct tracked_source *s = find_source(object);
    if (s) s->running += delta;
    pthread_mutex_unlock(&timers_lock);
    return s != NULL;
}
void dispatch_resume(void *object) { track_running(object, 1); real_dispatch_resume()(object); }
void dispatch_activate(void *object) {
    // Activating an inactive source starts it as resuming it would; a second call does nothing.
    pthread_mutex_lock(&timers_lock);
    struct tracked_source *s = find_source(object);
    if (s && s->running == 0) s->running = 1;
    pthread_mutex_unlock(&timers_lock);
    real_dispatch_activate()(object);
}
void dispatch_suspend(void *object) { track_running(object, -1); real_dispatch_suspend()(object); }

/// Drops `render`'s cancelled sources; the earliest due time (render monotonic nanoseconds) of
/// its running, scheduled ones, or 0.
uint64_t scanline_render_dispatch_next(void *render) {
    dispatch_testcancel_fn cancelled = LOOKUP(dispatch_testcancel_fn, "dispatch_source_testcancel");
    dispatch_object_fn release = LOOKUP(dispatch_object_fn, "dispatch_release");
    block_release_fn release_block = LOOKUP(block_release_fn, "_Block_release");
    uint64_t next = 0;
    pthread_mutex_lock(&timers_lock);
    size_t kept = 0;
    for (size_t i = 0; i < source_count; i++) {
        struct tracked_source s = sources[i];
        if (s.render == render && cancelled && cancelled(s.source)) {
            if (s.handler && release_block) release_block(s.handler);
            if (release) release(s.source);
            continue;
        }
        sources[kept++] = s;
        if (s.render == render && s.running > 0 && s.handler && s.next_ns != 0 && s.next_ns != DISPATCH_FOREVER && (next == 0 || s.next_ns < next))
            next = s.next_ns;
    }
    source_count = kept;
    pthread_mutex_unlock(&timers_lock);
    return next;
}

// The start of a block (the Blocks ABI): its function takes the block itself.
struct block_layout { void *isa; int flags, reserved; void (*invoke)(void *); };

/// Calls, in due order, the handlers of `render`'s sources due by `now_ns` (each once; a
/// repeating one is then due an interval later, a one-shot one never again). Returns how many.
int scanline_render_dispatch_fire(void *render, uint64_t now_ns) {
    int fired = 0;
    for (;;) {
        pthread_mutex_lock(&timers_lock);
        struct tracked_source *due = NULL;
        for (size_t i = 0; i < source_count; i++) {
            struct tracked_source *s = &sources[i];
            if (s->render != render || s->running <= 0 || !s->handler || s->next_ns == 0 || s->next_ns == DISPATCH_FOREVER || s->next_ns > now_ns) continue;
            if (!due || s->next_ns < due->next_ns) due = s;
        }
        if (!due) { pthread_mutex_unlock(&timers_lock); return fired; }
        block_copy_fn copy = LOOKUP(block_copy_fn, "_Block_copy");
        block_release_fn release_block = LOOKUP(block_release_fn, "_Block_release");
        struct block_layout *handler = copy ? copy(due->handler) : NULL;
        due->next_ns = (due->interval_ns == DISPATCH_FOREVER || due->interval_ns == 0) ? DISPATCH_FOREVER : due->next_ns + due->interval_ns;
        pthread_mutex_unlock(&timers_lock);
        if (!handler) return fired;
        handler->invoke(handler);
        if (release_block) release_block(handler);
        fired++;
    }
}

/// `render` has ended: its sources are cancelled and released (they never fire again). The
/// cancel matters: a one-shot timer whose handler holds the source (Combine's `delay` on the main
/// queue cancels its timer from its handler) would otherwise keep itself and its handler alive
/// for ever once its render ended before it was due. Called with `timers_lock` held: the
/// sources are taken out of the list here and cancelled by `finish_ended_sources` after the lock
/// is let go (cancelling may call back into the dispatch functions this file wraps).
static struct tracked_source *end_sources(void *render, size_t *ended) {
    size_t kept = 0, count = 0;
    for (size_t i = 0; i < source_count; i++) count += sources[i].render == render;
    struct tracked_source *taken = count ? malloc(count * sizeof *taken) : NULL;
    *ended = 0;
    for (size_t i = 0; i < source_count; i++) {
        if (sources[i].render != render) { sources[kept++] = sources[i]; continue; }
        if (taken) taken[(*ended)++] = sources[i];
    }
    if (taken) source_count = kept;   // without memory for the list, they stay tracked (a leak, not a crash)
    return taken;
}

static void finish_ended_sources(struct tracked_source *ended, size_t count) {
    dispatch_object_fn release = LOOKUP(dispatch_object_fn, "dispatch_release");
    dispatch_object_fn cancel = LOOKUP(dispatch_object_fn, "dispatch_source_cancel");
    block_release_fn release_block = LOOKUP(block_release_fn, "_Block_release");
    for (size_t i = 0; i < count; i++) {
        if (cancel) cancel(ended[i].source);
        if (ended[i].handler && release_block) release_block(ended[i].handler);
        if (release) release(ended[i].source);
    }
    free(ended);
}

int scanline_render_blocks_run(void *render) {
    // This render's blocks, taken out in order; the others stay.
    pthread_mutex_lock(&timers_lock);
    void **taken = malloc((block_count ? block_count : 1) * sizeof *taken);
    size_t count = 0, kept = 0;
    for (size_t i = 0; i < block_count; i++) {
        if (blocks[i].render == render && taken) taken[count++] = blocks[i].block;
        else blocks[kept++] = blocks[i];
    }
    block_count = kept;
    pthread_mutex_unlock(&timers_lock);
    block_release_fn release = LOOKUP(block_release_fn, "_Block_release");
    for (size_t i = 0; i < count; i++) {
        struct block_layout *b = taken[i];
        b->invoke(b);
        if (release) release(b);
    }
    free(taken);
    return (int)count;
}
