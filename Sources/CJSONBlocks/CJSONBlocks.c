#include "CJSONBlocks.h"

#if defined(__SSE2__)
#include <emmintrin.h>

// One bit per lane of a comparison result, lane n at bit n.
static inline uint64_t bits(__m128i lanes) { return (uint16_t)_mm_movemask_epi8(lanes); }

CJSONByteClasses cjson_classify_block(const void *block) {
    CJSONByteClasses classes = {0, 0, 0, 0, 0, false};
    uint64_t stray = 0;
    for (int part = 0; part < 4; part++) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)((const uint8_t *)block + part * 16));
        // `[` and `{` differ only in bit 0x20, as do `]` and `}`.
        __m128i folded = _mm_or_si128(bytes, _mm_set1_epi8(0x20));
        __m128i quote = _mm_cmpeq_epi8(bytes, _mm_set1_epi8('"'));
        __m128i marks = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(folded, _mm_set1_epi8('{')), _mm_cmpeq_epi8(folded, _mm_set1_epi8('}'))),
            _mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(':')), _mm_cmpeq_epi8(bytes, _mm_set1_epi8(','))));
        // SSE2 has no unsigned byte compare: x <= c exactly when min(x, c) == x.
        __m128i spaceOrControl = _mm_cmpeq_epi8(_mm_min_epu8(bytes, _mm_set1_epi8(0x20)), bytes);
        __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(bytes, _mm_set1_epi8(0x1F)), bytes);
        __m128i whitespace = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x09)), _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x0A))),
            _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x0D)));
        int shift = part * 16;
        classes.quotes |= bits(quote) << shift;
        classes.backslashes |= bits(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('\\'))) << shift;
        classes.punctuation |= bits(marks) << shift;
        classes.delimiters |= bits(_mm_or_si128(_mm_or_si128(marks, quote), spaceOrControl)) << shift;
        classes.controls |= bits(control) << shift;
        stray |= bits(_mm_andnot_si128(whitespace, control));
    }
    classes.strayControls = stray != 0;
    return classes;
}

bool cjson_classifier_is_vectorized(void) { return true; }

#else
// Portable fallback, byte by byte: the same classes, for machines without SSE2.
CJSONByteClasses cjson_classify_block(const void *block) {
    CJSONByteClasses classes = {0, 0, 0, 0, 0, false};
    const uint8_t *bytes = block;
    for (int n = 0; n < 64; n++) {
        uint8_t byte = bytes[n];
        uint64_t bit = (uint64_t)1 << n;
        bool mark = byte == '{' || byte == '}' || byte == '[' || byte == ']' || byte == ':' || byte == ',';
        if (byte == '"') classes.quotes |= bit;
        if (byte == '\\') classes.backslashes |= bit;
        if (mark) classes.punctuation |= bit;
        if (mark || byte == '"' || byte <= 0x20) classes.delimiters |= bit;
        if (byte < 0x20) {
            classes.controls |= bit;
            if (byte != 0x09 && byte != 0x0A && byte != 0x0D) classes.strayControls = true;
        }
    }
    return classes;
}

bool cjson_classifier_is_vectorized(void) { return false; }
#endif
