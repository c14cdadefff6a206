// Reads the [[stitchable]] functions of a .metal file through libclang, loaded with dlopen from the
// Swift toolchain (no build-time dependency on clang's headers: the few declarations used are
// written here, from libclang's stable C ABI). Scanline's metal_stdlib defines `stitchable` as an
// annotation, so clang itself records which functions carry the attribute.
#include "CScanline.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { int kind; int xdata; const void *data[3]; } CXCursor;
typedef struct { int kind; void *data[2]; } CXType;
typedef struct { const void *data; unsigned flags; } CXString;
typedef struct { const void *ptr_data[2]; unsigned int_data; } CXSourceLocation;
typedef int (*CXCursorVisitor)(CXCursor, CXCursor, void *);

enum { CXCursor_FunctionDecl = 8, CXCursor_Namespace = 22, CXCursor_LinkageSpec = 23, CXCursor_AnnotateAttr = 406 };
enum { CXChildVisit_Break = 0, CXChildVisit_Continue = 1, CXChildVisit_Recurse = 2 };
enum { CXDiagnostic_Error = 3, CXDiagnostic_Fatal = 4 };
enum { CXTranslationUnit_SkipFunctionBodies = 0x40, CXTranslationUnit_KeepGoing = 0x200 };

static struct {
    void *(*createIndex)(int, int);
    void (*disposeIndex)(void *);
    void *(*parse)(void *, const char *, const char *const *, int, void *, unsigned, unsigned);
    void (*disposeTU)(void *);
    CXCursor (*tuCursor)(void *);
    unsigned (*visitChildren)(CXCursor, CXCursorVisitor, void *);
    int (*cursorKind)(CXCursor);
    CXSourceLocation (*cursorLocation)(CXCursor);
    int (*isFromMainFile)(CXSourceLocation);
    void (*spellingLocation)(CXSourceLocation, void **, unsigned *, unsigned *, unsigned *);
    CXString (*cursorSpelling)(CXCursor);
    const char *(*cString)(CXString);
    void (*disposeString)(CXString);
    int (*numArguments)(CXCursor);
    CXCursor (*argument)(CXCursor, unsigned);
    CXType (*cursorType)(CXCursor);
    CXType (*resultType)(CXCursor);
    CXType (*canonicalType)(CXType);
    CXString (*typeSpelling)(CXType);
    unsigned (*numDiagnostics)(void *);
    void *(*diagnostic)(void *, unsigned);
    int (*severity)(void *);
    CXString (*formatDiagnostic)(void *, unsigned);
    unsigned (*defaultDisplayOptions)(void);
    void (*disposeDiagnostic)(void *);
    int loaded;
} lc;

static int load(const char *path, char *error, size_t error_size) {
    if (lc.loaded) return 0;
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) { snprintf(error, error_size, "cannot load libclang (%s): %s", path, dlerror()); return -1; }
#define SYM(field, name) if (!(*(void **)&lc.field = dlsym(h, name))) { snprintf(error, error_size, "%s lacks %s", path, name); return -1; }
    SYM(createIndex, "clang_createIndex") SYM(disposeIndex, "clang_disposeIndex")
    SYM(parse, "clang_parseTranslationUnit") SYM(disposeTU, "clang_disposeTranslationUnit")
    SYM(tuCursor, "clang_getTranslationUnitCursor") SYM(visitChildren, "clang_visitChildren")
    SYM(cursorKind, "clang_getCursorKind") SYM(cursorLocation, "clang_getCursorLocation")
    SYM(isFromMainFile, "clang_Location_isFromMainFile") SYM(spellingLocation, "clang_getSpellingLocation")
    SYM(cursorSpelling, "clang_getCursorSpelling") SYM(cString, "clang_getCString")
    SYM(disposeString, "clang_disposeString") SYM(numArguments, "clang_Cursor_getNumArguments")
    SYM(argument, "clang_Cursor_getArgument") SYM(cursorType, "clang_getCursorType")
    SYM(resultType, "clang_getCursorResultType") SYM(canonicalType, "clang_getCanonicalType")
    SYM(typeSpelling, "clang_getTypeSpelling") SYM(numDiagnostics, "clang_getNumDiagnostics")
    SYM(diagnostic, "clang_getDiagnostic") SYM(severity, "clang_getDiagnosticSeverity")
    SYM(formatDiagnostic, "clang_formatDiagnostic") SYM(defaultDisplayOptions, "clang_defaultDiagnosticDisplayOptions")
    SYM(disposeDiagnostic, "clang_disposeDiagnostic")
#undef SYM
    lc.loaded = 1;
    return 0;
}

// A growing text buffer.
typedef struct { char *text; size_t length, capacity; } Buffer;
static void append(Buffer *b, const char *s) {
    size_t n = strlen(s);
    if (b->length + n + 1 > b->capacity) {
        size_t c = b->capacity ? b->capacity * 2 : 4096;
        while (c < b->length + n + 1) c *= 2;
        char *t = realloc(b->text, c);
        if (!t) return;
        b->text = t; b->capacity = c;
    }
    memcpy(b->text + b->length, s, n + 1);
    b->length += n;
}
static void appendString(Buffer *b, CXString s) { const char *c = lc.cString(s); append(b, c ? c : ""); lc.disposeString(s); }
static void appendType(Buffer *b, CXType t) {
    appendString(b, lc.typeSpelling(t));
    append(b, "\t");
    appendString(b, lc.typeSpelling(lc.canonicalType(t)));
}

static int findAnnotation(CXCursor c, CXCursor parent, void *found) {
    (void)parent;
    if (lc.cursorKind(c) == CXCursor_AnnotateAttr) {
        CXString s = lc.cursorSpelling(c);
        const char *t = lc.cString(s);
        if (t && strcmp(t, "scanline_stitchable") == 0) *(int *)found = 1;
        lc.disposeString(s);
    }
    return CXChildVisit_Continue;
}

static int visit(CXCursor c, CXCursor parent, void *data) {
    (void)parent;
    Buffer *b = data;
    int kind = lc.cursorKind(c);
    if (!lc.isFromMainFile(lc.cursorLocation(c))) return CXChildVisit_Continue;
    if (kind == CXCursor_LinkageSpec || kind == CXCursor_Namespace) return CXChildVisit_Recurse;
    if (kind != CXCursor_FunctionDecl) return CXChildVisit_Continue;
    int stitchable = 0;
    lc.visitChildren(c, findAnnotation, &stitchable);
    if (!stitchable) return CXChildVisit_Continue;
    unsigned line = 0, column = 0, offset = 0;
    lc.spellingLocation(lc.cursorLocation(c), NULL, &line, &column, &offset);
    char where[64];
    snprintf(where, sizeof where, "\t%u\t%u\t", line, column);
    append(b, "F\t");
    appendString(b, lc.cursorSpelling(c));
    append(b, where);
    appendType(b, lc.resultType(c));
    append(b, "\n");
    int n = lc.numArguments(c);
    for (int i = 0; i < n; i++) {
        CXCursor a = lc.argument(c, (unsigned)i);
        append(b, "P\t");
        appendString(b, lc.cursorSpelling(a));
        append(b, "\t");
        appendType(b, lc.cursorType(a));
        append(b, "\n");
    }
    return CXChildVisit_Continue;
}

// One reader at a time: loading libclang fills the shared table above, and a parse is quick.
static pthread_mutex_t reading = PTHREAD_MUTEX_INITIALIZER;

static char *read_signatures(const char *libclang, const char *file, const char *const *args, int nargs,
                             char *error, size_t error_size);

char *scanline_metal_signatures(const char *libclang, const char *file, const char *const *args, int nargs,
                                char *error, size_t error_size) {
    pthread_mutex_lock(&reading);
    char *text = read_signatures(libclang, file, args, nargs, error, error_size);
    pthread_mutex_unlock(&reading);
    return text;
}

static char *read_signatures(const char *libclang, const char *file, const char *const *args, int nargs,
                             char *error, size_t error_size) {
    if (load(libclang, error, error_size) != 0) return NULL;
    void *index = lc.createIndex(0, 0);
    void *tu = lc.parse(index, file, args, nargs, NULL, 0, CXTranslationUnit_SkipFunctionBodies | CXTranslationUnit_KeepGoing);
    if (!tu) {
        snprintf(error, error_size, "clang could not parse %s", file);
        lc.disposeIndex(index);
        return NULL;
    }
    Buffer b = {0};
    append(&b, "");
    unsigned count = lc.numDiagnostics(tu);
    for (unsigned i = 0; i < count; i++) {
        void *d = lc.diagnostic(tu, i);
        int s = lc.severity(d);
        if (s == CXDiagnostic_Error || s == CXDiagnostic_Fatal) {
            append(&b, "E\t");
            appendString(&b, lc.formatDiagnostic(d, lc.defaultDisplayOptions()));
            append(&b, "\n");
        }
        lc.disposeDiagnostic(d);
    }
    lc.visitChildren(lc.tuCursor(tu), visit, &b);
    lc.disposeTU(tu);
    lc.disposeIndex(index);
    return b.text;
}

int scanline_cpu_has_avx512(void) {
#if defined(__x86_64__) || defined(__i386__)
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") ? 1 : 0;
#else
    return 0;
#endif
}

int scanline_cpu_has_avx2(void) {
#if defined(__x86_64__) || defined(__i386__)
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}
