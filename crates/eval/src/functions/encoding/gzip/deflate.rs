// Go port of `compress/flate.Writer`'s framing (stored and empty blocks, byte for byte); miniz_oxide compresses the rest.
//! The deflate stream of Go's `flate.Writer` at the default level after
//! `Write`, `Flush` and `Close`.
//!
//! Go 1.27 (which OpenTofu builds with) stores inputs of up to 32 bytes
//! in one stored block, ends the flush with an empty stored block and the
//! stream with an empty final fixed-Huffman block; those parts are
//! reproduced byte for byte. Longer inputs are compressed by
//! `miniz_oxide` at level 6, which is valid deflate that any reader
//! (Go's included) inflates to the same bytes, but not Go's exact bits.

use miniz_oxide::deflate::core::{
    CompressorOxide, TDEFLFlush, TDEFLStatus, compress_to_output, create_comp_flags_from_zip_params,
};

/// Inputs Go writes as a single stored block.
const STORED_MAX: usize = 32;

/// The empty stored block a sync flush ends with (after alignment).
const SYNC_MARKER: [u8; 4] = [0, 0, 0xff, 0xff];

/// An empty final block with fixed codes: header bits `011`, then the
/// seven-bit end-of-block code, padded.
const FINAL_EMPTY_FIXED: [u8; 2] = [0x03, 0x00];

pub(super) fn write_flushed_stream(data: &[u8], out: &mut Vec<u8>) {
    if data.is_empty() {
        out.push(0);
        out.extend_from_slice(&SYNC_MARKER);
    } else if data.len() <= STORED_MAX {
        // Non-final stored block: three zero header bits, aligned.
        out.push(0);
        let len = data.len() as u16;
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(data);
        out.push(0);
        out.extend_from_slice(&SYNC_MARKER);
    } else {
        compress_flushed(data, out);
    }
    out.extend_from_slice(&FINAL_EMPTY_FIXED);
}

/// Raw deflate of `data` in non-final blocks ending with a sync flush.
fn compress_flushed(data: &[u8], out: &mut Vec<u8>) {
    // Raw deflate (negative window bits), level 6, default strategy.
    let flags = create_comp_flags_from_zip_params(6, -15, 0);
    let mut compressor = CompressorOxide::new(flags);
    let mut input = data;
    loop {
        let (status, consumed) =
            compress_to_output(&mut compressor, input, TDEFLFlush::Sync, |bytes| {
                out.extend_from_slice(bytes);
                true
            });
        input = input.get(consumed..).unwrap_or_default();
        if status != TDEFLStatus::Okay || input.is_empty() {
            break;
        }
    }
}
