// Stage one of CourierJSON's two-stage indexer, classifying 64 bytes at a time. In C because the
// classes are wanted as bitmasks (bit n is byte n) and SSE2's movemask makes one 16-bit mask from
// 16 byte comparisons in one instruction; Swift has no way to spell it (see ByteClasses.swift).
#ifndef CJSONBLOCKS_H
#define CJSONBLOCKS_H

#include <stdbool.h>
#include <stdint.h>

/// The bytes of one 64-byte block that matter to JSON's structure; bit n is byte n.
typedef struct {
    /// `"`
    uint64_t quotes;
    /// `\`
    uint64_t backslashes;
    /// `{ } [ ] : ,`
    uint64_t punctuation;
    /// Bytes that end a scalar: punctuation, quotes, and bytes up to 0x20 (space and controls).
    uint64_t delimiters;
    /// Bytes below 0x20, which a string must escape.
    uint64_t controls;
    /// Whether the block has a control byte other than tab, LF and CR.
    bool strayControls;
} CJSONByteClasses;

/// Classifies the 64 bytes at `block` (which need no alignment).
CJSONByteClasses cjson_classify_block(const void *block);

/// Whether `cjson_classify_block` compares 16 bytes at a time (SSE2). Without it the classifier
/// goes byte by byte, slower than the one-pass indexer, which is then used instead.
bool cjson_classifier_is_vectorized(void);

#endif
