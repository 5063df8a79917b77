// Copyright ccsilicon contributors.
//
// Widths and codes of the DCQCN congestion point (docs/blocks/dcqcn_cp.md, specs next-blocks §a):
// the queue and profile formats, the admission decision, the marking region and the LFSR. Every
// value mirrors a Java constant of dev.ccsilicon.blocks.dcqcncp (DcqcnCpFormats, DcqcnCpReference,
// DcqcnCpBoundary); RtlPackagesTest fails if one drifts.
package dcqcn_cp_pkg;

  // A package declares what every user needs; no one user needs all of it.
  /* verilator lint_off UNUSEDPARAM */

  // Queue length and thresholds: u25 bytes (queues up to 32 MiB).
  localparam int unsigned QWidth     = 25;
  // Packet length: u16 bytes.
  localparam int unsigned LenWidth   = 16;
  // Marking slope: UQ8.24 probability (2^-16 units) per byte, stored as u32.
  localparam int unsigned SlopeWidth = 32;
  localparam int unsigned SlopeFrac  = 24;
  // Marking probability p16: P = p16 / 2^16, u16.
  localparam int unsigned ProbWidth  = 16;
  // Queue average: UQ25.8 (u33); the shift w is u4 (0 = instantaneous).
  localparam int unsigned AvgFrac    = 8;
  localparam int unsigned AvgWidth   = QWidth + AvgFrac;
  localparam int unsigned ShiftWidth = 4;
  // IP ECN field and its two special values.
  localparam int unsigned EcnWidth   = 2;
  localparam logic [EcnWidth-1:0] EcnNotEct = 2'b00;
  localparam logic [EcnWidth-1:0] EcnCe     = 2'b11;
  // Galois LFSR (specs next-blocks §0): 32 bits, taps 0x80200003, 16 steps per packet.
  localparam int unsigned LfsrWidth  = 32;
  localparam logic [LfsrWidth-1:0] LfsrTaps = 32'h80200003;
  localparam int unsigned LfsrSteps  = 16;

  // Boundary convention of a profile (DcqcnCpBoundary).
  localparam int unsigned BoundaryWidth = 1;
  typedef enum logic [BoundaryWidth-1:0] {
    BoundaryDcqcn = 1'd0,  // p = 0 for q <= Kmin, p = 1 for q > Kmax
    BoundaryLdcp  = 1'd1   // p = 0 for q <  Kmin, p = 1 for q >= Kmax
  } boundary_e;

  // ADMIT decision (DcqcnCpReference.ACCEPT / DROP_BUF / DROP_WRED).
  localparam int unsigned DecWidth = 2;
  typedef enum logic [DecWidth-1:0] {
    DecAccept   = 2'd0,
    DecDropBuf  = 2'd1,  // q + len > buf_max
    DecDropWred = 2'd2   // not-ECT, WRED draw hit
  } dec_e;

  // Region of the marking curve a packet fell in (DcqcnCpReference.REGION_*).
  localparam int unsigned RegionWidth = 2;
  typedef enum logic [RegionWidth-1:0] {
    RegionZero   = 2'd0,  // below Kmin: p = 0
    RegionLinear = 2'd1,  // between: p16 = min(65535, ((q - Kmin) * slope) >> 24)
    RegionForce  = 2'd2,  // above Kmax: p = 1
    RegionSkip   = 2'd3   // the profile does not apply to this packet
  } region_e;

  /* verilator lint_on UNUSEDPARAM */

endpackage
