// DataCopy CO1 -> GM/L1 and the FIX registers it reads (SetFixpipeNz2ndFlag,
// SetFixpipePreQuantFlag), and DataCopy GM -> L1 with Dn2NzParams (docs/CUBE.md).
#include <string>

#include "cube/cube_buffers.h"
#include "cube/fixpipe_quant.h"
#include "cube/unit_flag.h"
#include "opsim/sim/ascendc/cube_fixpipe.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::detail {
namespace {

// CANN lists DataCopy CO1 -> GM/L1 and its registers for Atlas A2/A3 (and 200I/500 A2), not for
// the 910A (dav-1001) or the 310P (dav-2002).
void RequireA2(const Core& core, const char* instr) {
  if (!IsA2GenerationCube(core)) {
    RaiseFault(FaultKind::kUnsupported, instr,
               core.device->name + " (" + core.device->architecture +
                   ") has no such instruction (CANN lists it for Atlas A2/A3 only)");
  }
}

}  // namespace

void CubeSetFixpipeNz2nd(uint16_t nd_num, uint16_t src_nd_stride, uint16_t dst_nd_stride) {
  Core& core = Cur();
  RequireA2(core, "SetFixpipeNz2ndFlag");
  // A register write: the values are checked by the DataCopy that uses them (CANN's own tests
  // write zeros to reset it).
  FixpipeRegs& regs = FixpipeRegsOf(core);
  regs.nz2nd_set = true;
  regs.nd_num = nd_num;
  regs.src_nd_stride = src_nd_stride;
  regs.dst_nd_stride = dst_nd_stride;
}

void CubeSetFixpipePreQuant(uint64_t config) {
  Core& core = Cur();
  RequireA2(core, "SetFixpipePreQuantFlag");
  FixpipeRegs& regs = FixpipeRegsOf(core);
  regs.quant_set = true;
  regs.quant_pre = config;
}

void CubeCopyCo1(const FixpipeDst& dst, const UbRef& src, DType dst_type, DType src_type,
                 const AscendC::DataCopyCO12DstParams& p) {
  Core& core = Cur();
  const char* instr = dst.is_local ? "DataCopy(CO1 -> L1)" : "DataCopy(CO1 -> GM)";
  RequireA2(core, instr);
  if (p.clipReluPre != 0 || p.eltWiseOp != 0) {
    RaiseFault(FaultKind::kUnsupported, instr,
               "clipReluPre = " + std::to_string(p.clipReluPre) +
                   ", eltWiseOp = " + std::to_string(p.eltWiseOp) +
                   ": Atlas 200I/500 A2 only, not on " + core.device->name);
  }
  QuantKind kind = QuantKind::kNone;
  DType in = src_type;
  DType out = src_type;
  QuantModeOf(p.quantPre, src_type, &kind, &in, &out);
  // On Atlas A2 the L1 path writes NZ whatever nz2ndEn says (the CO1 -> L1 page: "does not take
  // effect, set it to false").
  const bool nd_out = p.nz2ndEn && !dst.is_local;
  // The split takes effect only for float NZ output into GM (the DataCopy page); else the chip
  // ignores it.
  const bool split = p.channelSplit && !nd_out && !dst.is_local && src_type == DType::kFloat32 &&
                     dst_type == DType::kFloat32;
  const FixpipeRegs& regs = FixpipeRegsOf(core);
  std::string missing;
  if (kind == QuantKind::kScalar && !regs.quant_set) missing = "SetFixpipePreQuantFlag";
  // The vector modes read their words where SetFixPipeConfig pointed the FIX pipe.
  if (kind == QuantKind::kVector && !regs.words_set) {
    missing = "SetFixPipeConfig with a quant tensor in C2PIPE2GM";
  }
  if (nd_out && !regs.nz2nd_set) missing = "SetFixpipeNz2ndFlag";
  if (!missing.empty() || p.reluPre > 1 || (!nd_out && p.nSize % (split ? 8 : 16) != 0)) {
    RaiseFault(
        FaultKind::kInvalidArgument, instr,
        (missing.empty() ? std::string() : "no " + missing + " in this block before the copy; ") +
            "reluPre = " + std::to_string(p.reluPre) + ", nSize = " + std::to_string(p.nSize) +
            " (expected reluPre 0 or 1, and nSize a multiple of 16 for NZ output, of 8 with "
            "channelSplit)");
  }
  if (nd_out && regs.nd_num > 1 &&
      (regs.src_nd_stride == 0 || regs.src_nd_stride > 512 || regs.dst_nd_stride == 0)) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "SetFixpipeNz2ndFlag(" + std::to_string(regs.nd_num) + ", " +
                   std::to_string(regs.src_nd_stride) + ", " + std::to_string(regs.dst_nd_stride) +
                   "): with ndNum > 1, srcNdStride must be 1..512 fractals and dstNdStride >= 1");
  }
  AscendC::FixpipeParamsV220 f;
  f.nSize = p.nSize;
  f.mSize = p.mSize;
  f.srcStride = p.srcStride;
  f.dstStride = p.dstStride;
  f.quantPre = p.quantPre;
  f.deqScalar = regs.quant_pre;
  f.ndNum = nd_out ? regs.nd_num : 1;
  f.srcNdStride = nd_out ? regs.src_nd_stride : 0;
  f.dstNdStride = nd_out ? regs.dst_nd_stride : 0;
  f.reluEn = p.reluPre == 1;
  f.unitFlag = p.unitFlag;
  f.isChannelSplit = split;
  if (kind == QuantKind::kVector) {
    CubeFixpipeFromFb(dst, src, regs.words, dst_type, src_type, nd_out, f, instr);
  } else {
    CubeFixpipeTo(dst, src, nullptr, dst_type, src_type, nd_out, f, instr);
  }
}

void CubeDn2Nz(const UbRef& dst, const GmRef& src, uint32_t elem_bytes,
               const AscendC::Dn2NzParams& p) {
  (void)dst;
  (void)src;
  (void)elem_bytes;
  (void)p;
  const Core& core = Cur();
  // CANN's DN2NZ page marks every Atlas product but the 950 (Atlas 350) unsupported, and no
  // shipped profile is a 950.
  RaiseFault(FaultKind::kUnsupported, "DataCopy(Dn2NzParams)",
             core.device->name + " (" + core.device->architecture +
                 ") has no DN -> NZ copy: CANN's DN2NZ page lists Ascend 950 only (Atlas A2/A3: "
                 "not supported); load the transposed matrix with Nd2NzParams and turn it over "
                 "in LoadData (ifTranspose) or LoadDataWithTranspose");
}

}  // namespace opsim::sim::detail
