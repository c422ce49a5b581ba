# The seeded bugs: each mutant is one exact edit of a real kernel (ours in op_kernel, or a public
# sample in ../shared/ascendc_samples, left unmodified) and the fault checked mode must report.
# The Markdown table in docs/CHECKS.md is generated from this list (seeded_table.md in the build
# folder); a test fails when the two differ.
#
# opsim_seeded_mutant(<family> <name> <find> <replace> <kind> <block> <instruction> <phrase>
#                     <bug>): see seeded.cmake.

set(samples ${OPSIM_SHARED_DIR}/ascendc_samples)

# --- op_kernel/add/add_custom.cc ---------------------------------------------------------------
opsim_seeded_kernel(ours_add ${PROJECT_SOURCE_DIR}/op_kernel/add/add_custom.cc
  harness_ours_add.h "::opsim::seeded::RunOursAdd(&@NS@::op_kernel::add_custom_f32)"
  add_custom_f32 add_custom_f16)
opsim_seeded_mutant(ours_add ours_add_free_removed
  [==[    out_z_.FreeTensor(z);
]==] ""
  warning.buffer_leak 0 "TPipe::Destroy" "is still dequeued (no FreeTensor)"
  "ours Add: the output tile's `FreeTensor` removed (two tiles, two buffers: nothing runs short; the chip's TPipe::Destroy resets the held buffers)")
opsim_seeded_mutant(ours_add ours_add_double_free
  [==[    in_x_.FreeTensor(x);
]==] [==[    in_x_.FreeTensor(x);
    in_x_.FreeTensor(x);
]==]
  queue_misuse 0 "TQue::FreeTensor" "was already freed"
  "ours Add: `FreeTensor(x)` twice")
opsim_seeded_mutant(ours_add ours_add_writes_neighbour_output
  [==[z_gm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(z) + offset, per_block);]==]
  [==[z_gm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(z) + (offset > 0 ? offset - per_block : 0), per_block);]==]
  gm_race 1 "DataCopy" "blocks 0 and 1 both write GM 'z'"
  "ours Add: z offset by blockIdx - 1 (block 1 writes block 0's output)")
opsim_seeded_mutant(ours_add ours_add_count_as_bytes
  [==[AscendC::DataCopy(x, x_gm_[i * tile_], tile_);]==]
  [==[AscendC::DataCopy(x, x_gm_[i * tile_], tile_ * sizeof(T));]==]
  out_of_bounds_ub 0 "DataCopy" "buffer"
  "ours Add: copy-in length in bytes where elements were meant")
opsim_seeded_mutant(ours_add ours_add_eight_buffers_per_queue
  [==[constexpr int32_t kBufferNum = 2;]==] [==[constexpr int32_t kBufferNum = 8;]==]
  too_many_buffers 0 "TPipe::InitBuffer" "VECIN queues already hold 8 buffers and 8 more"
  "ours Add: eight buffers per queue (sixteen on VECIN: x's and y's queues)")
opsim_seeded_mutant(ours_add ours_add_last_tile_skipped
  [==[for (uint32_t i = 0; i < tiles_; ++i) {]==]
  [==[for (uint32_t i = 0; i + 1 < tiles_; ++i) {]==]
  unwritten_output -1 "kernel end" "output 'z' bytes [1024, 2048) of 8192 B"
  "ours Add: the last tile of every block skipped")
opsim_seeded_mutant(ours_add ours_add_through_uint32_view
  [==[AscendC::Add(z, x, y, static_cast<int32_t>(tile_));]==]
  [==[AscendC::Add(z.template ReinterpretCast<uint32_t>(), x.template ReinterpretCast<uint32_t>(), y.template ReinterpretCast<uint32_t>(), static_cast<int32_t>(tile_));]==]
  unsupported 0 "Add" "Add on uint32_t: the 910B (dav-2201) takes half, float, int16_t, int32_t only"
  "ours Add: the tiles added through a `uint32_t` view, a type the 910B's `Add` lacks (half, float, int16_t, int32_t only)")

# --- op_kernel/elementwise/elementwise_unary.cc and its tile loop (elementwise_unary_loop.h, --
# --- which Sign shares): the loop's mutants edit the header --------------------------------------
opsim_seeded_kernel(ours_unary ${PROJECT_SOURCE_DIR}/op_kernel/elementwise/elementwise_unary.cc
  harness_ours_elementwise.h "::opsim::seeded::RunOursUnary(&@NS@::opsim_elementwise_unary)"
  opsim_elementwise_unary)
opsim_seeded_header(ours_unary elementwise/elementwise_unary_loop.h
  ${PROJECT_SOURCE_DIR}/op_kernel/elementwise/elementwise_unary_loop.h)
opsim_seeded_mutant(ours_unary ours_unary_tail_skipped
  [==[for (uint64_t p = range_.begin; p < range_.end; p += t_.tile) {]==]
  [==[for (uint64_t p = range_.begin; p + t_.tile <= range_.end; p += t_.tile) {]==]
  unwritten_output -1 "kernel end" "output 'y' bytes [15360, 15992) of 15992 B"
  "ours Abs: the loop stops before the short tail tile")
opsim_seeded_mutant(ours_unary ours_unary_copy_in_short
  [==[CopyIn(x, x_gm_, p, n, t_.has_pad != 0);]==]
  [==[CopyIn(x, x_gm_, p, n - 8, t_.has_pad != 0);]==]
  uninitialized_read 0 "DataCopy" "hold what Abs computed from such bytes"
  "ours Abs: copy-in one 32 B block short (Abs computes on the stale block; copying it out is the use)")
opsim_seeded_mutant(ours_unary ours_unary_free_removed
  [==[    in_.FreeTensor(x);
]==] ""
  queue_misuse 0 "TQue::AllocTensor" "buffers of queue #0 are in use"
  "ours Abs: the input tile's `FreeTensor` removed (the third tile finds both buffers held)")
opsim_seeded_mutant(ours_unary ours_unary_enque_removed
  [==[    out_.EnQue(y);
]==] ""
  queue_misuse 0 "TQue::DeQue" "is empty"
  "ours Abs: the output's `EnQue` hand-off removed")
opsim_seeded_mutant(ours_unary ours_unary_sixteen_buffers_on_a_queue
  [==[constexpr int32_t kBufferNum = 2;]==] [==[constexpr int32_t kBufferNum = 16;]==]
  invalid_argument 0 "TPipe::InitBuffer" "num = 16 buffers (expected 1 <= num <= 8)"
  "ours Abs: sixteen buffers on one queue")
opsim_seeded_mutant(ours_unary ours_unary_count_minus_tile
  [==[const int32_t count = static_cast<int32_t>(n);]==]
  [==[const int32_t count = static_cast<int32_t>(n) - static_cast<int32_t>(t_.tile);]==]
  uninitialized_read 0 "DataCopy" "bytes [0, 1024) of queue #1"
  "ours Abs: the count computed as what is left after the tile (0 for a full tile: `Abs` writes nothing, copy-out reads it)")
opsim_seeded_mutant(ours_unary ours_unary_output_length_per_core
  [==[y_gm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y), t.total);]==]
  [==[y_gm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y), t.per_core);]==]
  warning.global_tensor_overrun 1 "DataCopy" "GM 'y' [0x1000, 0x1400) of 15992 B, past the 0 B the GlobalTensor declares"
  "ours Abs: the output GlobalTensor sized per core but indexed from the tensor's start (each block writes its own slice: the chip checks the allocation, not the declared size)")
opsim_seeded_mutant(ours_unary ours_unary_abs_case_dropped
  [==[case ElementwiseOp::kAbs: AscendC::Abs(y, x, count); break;]==] [==[]==]
  assert_failed 0 "ASSERT" "op 1 is not unary"
  "ours Abs: the Abs case left out of the switch (Abs reaches the kernel's own assertion)")

# --- op_kernel/elementwise/elementwise_binary.cc -----------------------------------------------
opsim_seeded_kernel(ours_binary ${PROJECT_SOURCE_DIR}/op_kernel/elementwise/elementwise_binary.cc
  harness_ours_elementwise.h "::opsim::seeded::RunOursBinary(&@NS@::opsim_elementwise_binary)"
  opsim_elementwise_binary)
opsim_seeded_mutant(ours_binary ours_binary_barrier_removed
  [==[      LoadRowBlock(x, gm, offset, 1, 0, piece);
      AscendC::PipeBarrier<AscendC::PIPE_ALL>();
]==] [==[      LoadRowBlock(x, gm, offset, 1, 0, piece);
]==]
  missing_sync 0 "DataCopy" "MTE2"
  "ours Add (broadcast rows): the barrier between loading a row and doubling it in the UB removed")
opsim_seeded_mutant(ours_binary ours_binary_free_b_removed
  [==[    in_b_.FreeTensor(b);
]==] ""
  warning.buffer_leak 0 "TPipe::Destroy" "is still dequeued (no FreeTensor)"
  "ours Add (broadcast rows): `FreeTensor(b)` removed (two tiles, two buffers: nothing runs short; the chip's TPipe::Destroy resets the held buffers)")
opsim_seeded_mutant(ours_binary ours_binary_free_before_use
  [==[    AscendC::LocalTensor<T> y = out_.template AllocTensor<T>();
    const int32_t count =]==]
  [==[    in_a_.FreeTensor(a);
    AscendC::LocalTensor<T> y = out_.template AllocTensor<T>();
    const int32_t count =]==]
  use_after_free 0 "Add" "after it was freed"
  "ours Add (broadcast rows): `FreeTensor(a)` moved before the `Add` that reads it")

# --- op_kernel/argmax/argmax_kernel.h ---------------------------------------------------------
opsim_seeded_kernel(ours_argmax ${PROJECT_SOURCE_DIR}/op_kernel/argmax/argmax_kernel.h
  harness_ours_argmax.h
  "::opsim::seeded::RunOursArgMax<@NS@::op_kernel::KernelArgMax<float>>()")
opsim_seeded_mutant(ours_argmax argmax_idle_blocks_skip_the_barrier
  [==[  __aicore__ void Process() {
    if (begin_ != end_) {]==] [==[  __aicore__ void Process() {
    if (begin_ == end_) return;  // nothing to scan here
    {]==]
  barrier_deadlock 7 "kernel end" "block 7 ended while 4 blocks wait in SyncAll for it"
  "ours ArgMax (split row): blocks without a part return before `SyncAll`")
opsim_seeded_mutant(ours_argmax argmax_merging_block_skips_the_barrier
  [==[      AscendC::SyncAll();
      if (AscendC::GetBlockIdx() == 0) MergeParts();]==]
  [==[      if (AscendC::GetBlockIdx() != 0) AscendC::SyncAll();
      if (AscendC::GetBlockIdx() == 0) MergeParts();]==]
  barrier_deadlock 7 "SyncAll" "1 of 8 blocks ended without reaching this SyncAll"
  "ours ArgMax (split row): the merging block does not wait at `SyncAll`")
opsim_seeded_mutant(ours_argmax argmax_part_tile_not_freed
  [==[        ComputeSpan(in, 0, len, c, &best);
        in_q_.FreeTensor(in);
]==] [==[        ComputeSpan(in, 0, len, c, &best);
]==]
  warning.buffer_leak 0 "TPipe::Destroy" "is still dequeued (no FreeTensor)"
  "ours ArgMax (split row): the input tile's `FreeTensor` removed (one tile per part: nothing runs short; the chip's TPipe::Destroy resets the held buffer)")
opsim_seeded_mutant(ours_argmax argmax_every_block_merges
  [==[if (AscendC::GetBlockIdx() == 0) MergeParts();]==] [==[MergeParts();]==]
  warning.gm_same_value_overlap 1 "GlobalTensor::SetValue" "blocks 0 and 1 both write GM 'y'"
  "ours ArgMax (split row): every block merges the parts and writes the output (the same values: legal on the chip, a warning since scalar stores carry their values)")
opsim_seeded_mutant(ours_argmax argmax_part_value_not_written
  [==[      part_value_.SetValue(u, best.value);
]==] ""
  uninitialized_read 0 "GlobalTensor::GetValue" "reads GM 'workspace' [0x0, 0x4) of 544 B, which nothing wrote in this launch"
  "ours ArgMax (split row): the part's winning value is never stored (block 0 merges a workspace nothing wrote)")
opsim_seeded_mutant(ours_argmax argmax_barrier_as_unpaired_set
  [==[AscendC::PipeBarrier<AscendC::PIPE_ALL>();  // the vector unit reads what the scalar wrote]==]
  [==[AscendC::SetFlag<AscendC::HardEvent::S_V>(0);]==]
  unpaired_flag 0 "kernel end" "SetFlag<S_V>(0) set at"
  "ours ArgMax: the barrier after the scalar writes replaced by a `SetFlag<S_V>` with no `WaitFlag`")
opsim_seeded_mutant(ours_argmax argmax_barrier_as_wait_never_set
  [==[AscendC::PipeBarrier<AscendC::PIPE_ALL>();  // the vector unit reads what the scalar wrote]==]
  [==[AscendC::WaitFlag<AscendC::HardEvent::S_V>(0);]==]
  deadlock 0 "WaitFlag" "WaitFlag<S_V>(0) on core 0 (block 0): no SetFlag<S_V>(0) is pending"
  "ours ArgMax: the barrier after the scalar writes replaced by a `WaitFlag<S_V>` nothing sets")

# --- op_kernel/reduce/reduce_kernels.h ---------------------------------------------------------
opsim_seeded_kernel(ours_reduce ${PROJECT_SOURCE_DIR}/op_kernel/reduce/reduce_kernels.h
  harness_ours_reduce.h
  "::opsim::seeded::RunOursReduceAra<@NS@::op_kernel::KernelReduceARA<::op_kernel::SumReducer, float, float, float>>()")
opsim_seeded_mutant(ours_reduce reduce_ara_free_removed
  [==[    this->in_q_.FreeTensor(in);
  }
  void CopyOut(uint64_t offset, uint32_t cols) {]==] [==[  }
  void CopyOut(uint64_t offset, uint32_t cols) {]==]
  queue_misuse 0 "TQue::AllocTensor" "buffers of queue #0 are in use"
  "ours ReduceSum (ARA): the input tile's `FreeTensor` removed")
opsim_seeded_mutant(ours_reduce reduce_ara_column_chunk_offset_dropped
  [==[CopyOut(share_.split * t_.outer * t_.inner + a0 * t_.inner + c0, cols);]==]
  [==[CopyOut(share_.split * t_.outer * t_.inner + a0 * t_.inner, cols);]==]
  unwritten_output -1 "kernel end" "output 'y' bytes [256, 512) of 2048 B"
  "ours ReduceSum (ARA): the output offset forgets the column chunk (chunk 1 overwrites chunk 0)")
opsim_seeded_mutant(ours_reduce reduce_ara_input_buffer_in_bytes
  [==[const uint32_t in_elems = Max<uint32_t>(1, t.rows * t.ub_row_stride);]==]
  [==[const uint32_t in_elems = Max<uint32_t>(1, t.rows * t.ub_row_stride / sizeof(In));]==]
  out_of_bounds_ub 0 "DataCopyPad" "buffer"
  "ours ReduceSum (ARA): the input tile's element count divided by the element size")

# --- kernel_launch/AddKernelInvocationNeo/add_custom.cpp ---------------------------------------
opsim_seeded_kernel(sample_neo ${samples}/kernel_launch/AddKernelInvocationNeo/add_custom.cpp
  harness_sample_kernel_launch.h "::opsim::seeded::RunSampleAdd(&@NS@::add_custom)"
  add_custom)
opsim_seeded_mutant(sample_neo neo_copy_in_short
  [==[AscendC::DataCopy(xLocal, xGm[progress * TILE_LENGTH], TILE_LENGTH);]==]
  [==[AscendC::DataCopy(xLocal, xGm[progress * TILE_LENGTH], TILE_LENGTH - 16);]==]
  uninitialized_read 0 "DataCopy" "hold what Add computed from such bytes"
  "AddKernelInvocationNeo: copy-in one 32 B block short (Add computes on the stale block; copying it out is the use)")
opsim_seeded_mutant(sample_neo neo_misaligned_length
  [==[AscendC::DataCopy(yLocal, yGm[progress * TILE_LENGTH], TILE_LENGTH);]==]
  [==[AscendC::DataCopy(yLocal, yGm[progress * TILE_LENGTH], TILE_LENGTH - 1);]==]
  misaligned_copy 0 "DataCopy" "254 B is not a multiple of 32 B"
  "AddKernelInvocationNeo: `DataCopy` of 127 halves (254 B)")
opsim_seeded_mutant(sample_neo neo_count_as_bytes
  [==[AscendC::DataCopy(yLocal, yGm[progress * TILE_LENGTH], TILE_LENGTH);]==]
  [==[AscendC::DataCopy(yLocal, yGm[progress * TILE_LENGTH], TILE_LENGTH * sizeof(half));]==]
  out_of_bounds_ub 0 "DataCopy" "buffer"
  "AddKernelInvocationNeo: copy-in length in bytes where elements were meant")
opsim_seeded_mutant(sample_neo neo_eight_buffers_per_queue
  [==[constexpr int32_t BUFFER_NUM = 2; ]==] [==[constexpr int32_t BUFFER_NUM = 8; ]==]
  too_many_buffers 0 "TPipe::InitBuffer" "VECIN queues already hold 8 buffers and 8 more"
  "AddKernelInvocationNeo: `BUFFER_NUM` 8 (sixteen buffers on VECIN: x's and y's queues)")
opsim_seeded_mutant(sample_neo neo_queue_buffers_per_tile
  [==[pipe.InitBuffer(inQueueX, BUFFER_NUM, TILE_LENGTH * sizeof(half));]==]
  [==[pipe.InitBuffer(inQueueX, TILE_NUM * BUFFER_NUM, TILE_LENGTH * sizeof(half));]==]
  invalid_argument 0 "TPipe::InitBuffer" "num = 16 buffers (expected 1 <= num <= 8)"
  "AddKernelInvocationNeo: one queue buffer per tile (`TILE_NUM * BUFFER_NUM` = 16)")
opsim_seeded_mutant(sample_neo neo_enque_removed
  [==[        outQueueZ.EnQue<half>(zLocal);
]==] ""
  queue_misuse 0 "TQue::DeQue" "is empty"
  "AddKernelInvocationNeo: the output's `EnQue` hand-off removed")
opsim_seeded_mutant(sample_neo neo_double_free
  [==[        inQueueY.FreeTensor(yLocal);
]==] [==[        inQueueY.FreeTensor(yLocal);
        inQueueY.FreeTensor(yLocal);
]==]
  queue_misuse 0 "TQue::FreeTensor" "was already freed"
  "AddKernelInvocationNeo: `FreeTensor(yLocal)` twice")
opsim_seeded_mutant(sample_neo neo_half_block_offset
  [==[zGm.SetGlobalBuffer((__gm__ half *)z + BLOCK_LENGTH * AscendC::GetBlockIdx(), BLOCK_LENGTH);]==]
  [==[zGm.SetGlobalBuffer((__gm__ half *)z + BLOCK_LENGTH / 2 * AscendC::GetBlockIdx(), BLOCK_LENGTH);]==]
  gm_race 1 "DataCopy" "blocks 0 and 1 both write GM 'z'"
  "AddKernelInvocationNeo: z offset by half a block per core (each core writes half its neighbour's output)")
opsim_seeded_mutant(sample_neo neo_input_offset_one_block_on
  [==[xGm.SetGlobalBuffer((__gm__ half *)x + BLOCK_LENGTH * AscendC::GetBlockIdx(), BLOCK_LENGTH);]==]
  [==[xGm.SetGlobalBuffer((__gm__ half *)x + BLOCK_LENGTH * (AscendC::GetBlockIdx() + 1), BLOCK_LENGTH);]==]
  out_of_bounds_gm 7 "DataCopy" "0 B past the end of GM 'x' of 32768 B"
  "AddKernelInvocationNeo: x offset by blockIdx + 1 (the last core reads past x)")

# --- kernel_launch/AddKernelInvocationTilingNeo/add_custom.cpp ---------------------------------
opsim_seeded_kernel(sample_tiling_neo
  ${samples}/kernel_launch/AddKernelInvocationTilingNeo/add_custom.cpp
  harness_sample_tiling_neo.h "::opsim::seeded::RunSampleAddTiling(&@NS@::add_custom)"
  add_custom)
opsim_seeded_mutant(sample_tiling_neo tneo_tile_without_double_buffer
  [==[this->tileLength = this->blockLength / tileNum / BUFFER_NUM;]==]
  [==[this->tileLength = this->blockLength / tileNum;]==]
  out_of_bounds_gm 7 "DataCopy" "GM 'x' [0x8000, 0x8200) of 32768 B, past the end of its allocation"
  "AddKernelInvocationTilingNeo: tile length not divided by `BUFFER_NUM` (the loop runs past the block)")
opsim_seeded_mutant(sample_tiling_neo tneo_free_before_add
  [==[        AscendC::Add(zLocal, xLocal, yLocal, this->tileLength);
]==] [==[        inQueueX.FreeTensor(xLocal);
        AscendC::Add(zLocal, xLocal, yLocal, this->tileLength);
]==]
  use_after_free 0 "Add" "after it was freed"
  "AddKernelInvocationTilingNeo: `FreeTensor(xLocal)` before the `Add` that reads it")
opsim_seeded_mutant(sample_tiling_neo tneo_dequeue_replaced_by_alloc
  [==[AscendC::LocalTensor<half> zLocal = outQueueZ.DeQue<half>();]==]
  [==[AscendC::LocalTensor<half> zLocal = outQueueZ.AllocTensor<half>();]==]
  uninitialized_read 0 "DataCopy" "bytes [0, 256)"
  "AddKernelInvocationTilingNeo: copy-out allocates a new tile instead of `DeQue` (the computed one is never handed over)")
opsim_seeded_mutant(sample_tiling_neo tneo_free_removed
  [==[        outQueueZ.FreeTensor(zLocal);
]==] ""
  queue_misuse 0 "TQue::AllocTensor" "buffers of queue #2 are in use"
  "AddKernelInvocationTilingNeo: the output tile's `FreeTensor` removed")

# --- op_projects/AddCustom/op_kernel/add_custom.cpp --------------------------------------------
opsim_seeded_kernel(sample_op_add ${samples}/op_projects/AddCustom/op_kernel/add_custom.cpp
  harness_sample_op_add.h "::opsim::seeded::RunOpAddCustom(&@NS@::add_custom)" add_custom)
opsim_seeded_mutant(sample_op_add opadd_output_offset_one_block_on
  [==[zGm.SetGlobalBuffer((__gm__ DTYPE_Z *)z + this->blockLength * AscendC::GetBlockIdx(), this->blockLength);]==]
  [==[zGm.SetGlobalBuffer((__gm__ DTYPE_Z *)z + this->blockLength * (AscendC::GetBlockIdx() + 1), this->blockLength);]==]
  out_of_bounds_gm 7 "DataCopy" "0 B past the end of GM 'z' of 65536 B"
  "AddCustom: z offset by blockIdx + 1 (each core writes its neighbour's output, the last past z)")
opsim_seeded_mutant(sample_op_add opadd_misaligned_copy_out
  [==[AscendC::DataCopy(zGm[progress * this->tileLength], zLocal, this->tileLength);]==]
  [==[AscendC::DataCopy(zGm[progress * this->tileLength], zLocal, this->tileLength - 1);]==]
  misaligned_copy 0 "DataCopy" "508 B is not a multiple of 32 B"
  "AddCustom: copy-out of one element less (508 B)")
opsim_seeded_mutant(sample_op_add opadd_add_count_in_blocks
  [==[AscendC::Add(zLocal, xLocal, yLocal, this->tileLength);]==]
  [==[AscendC::Add(zLocal, xLocal, yLocal, this->tileLength / 8);]==]
  uninitialized_read 0 "DataCopy" "bytes [64, 512)"
  "AddCustom: `Add` count in 32 B blocks where elements were meant")
opsim_seeded_mutant(sample_op_add opadd_queue_buffer_in_elements
  [==[pipe.InitBuffer(inQueueX, BUFFER_NUM, this->tileLength * sizeof(DTYPE_X));]==]
  [==[pipe.InitBuffer(inQueueX, BUFFER_NUM, this->tileLength);]==]
  out_of_bounds_ub 0 "DataCopy" "buffer"
  "AddCustom: x's queue buffers sized in elements where bytes were meant")

# --- op_projects/LeakyReluCustom/op_kernel/leaky_relu_custom.cpp -------------------------------
opsim_seeded_kernel(sample_op_leaky_relu
  ${samples}/op_projects/LeakyReluCustom/op_kernel/leaky_relu_custom.cpp
  harness_sample_op_leaky_relu.h "::opsim::seeded::RunOpLeakyRelu(&@NS@::leaky_relu_custom)"
  leaky_relu_custom)
opsim_seeded_mutant(sample_op_leaky_relu leaky_tmp_sized_by_block
  [==[pipe.InitBuffer(tmpBuffer1, this->tileLength * sizeof(float));]==]
  [==[pipe.InitBuffer(tmpBuffer1, this->blockLength * sizeof(float));]==]
  ub_overflow 0 "TPipe::InitBuffer" "requested 262144 B of Unified Buffer but only 131072 B"
  "LeakyReluCustom: a temporary buffer sized by the block length instead of the tile")
opsim_seeded_mutant(sample_op_leaky_relu leaky_mins_removed
  [==[        AscendC::Mins(tmpTensor2, xLocal, inputVal, this->tileLength);
]==] ""
  uninitialized_read 0 "DataCopy" "computed from such bytes"
  "LeakyReluCustom: the `Mins` that fills a temporary removed (`Muls` computes on it unwritten; the result copied out is the use)")
opsim_seeded_mutant(sample_op_leaky_relu leaky_input_queue_on_a1
  [==[AscendC::TQue<AscendC::QuePosition::VECIN, BUFFER_NUM> inQueueX;]==]
  [==[AscendC::TQue<AscendC::QuePosition::A1, BUFFER_NUM> inQueueX;]==]
  unsupported 0 "TPipe::InitBuffer" "AIV (vector) core of ascend910b has no L1 buffer"
  "LeakyReluCustom: the input queue declared on A1, a cube-core L1 position the vector core lacks")
opsim_seeded_mutant(sample_op_leaky_relu leaky_free_before_mins
  [==[        AscendC::Mins(tmpTensor2, xLocal, inputVal, this->tileLength);
]==] [==[        inQueueX.FreeTensor(xLocal);
        AscendC::Mins(tmpTensor2, xLocal, inputVal, this->tileLength);
]==]
  use_after_free 0 "Mins" "after it was freed"
  "LeakyReluCustom: `FreeTensor(xLocal)` before the `Mins` that still reads it")
opsim_seeded_mutant(sample_op_leaky_relu leaky_copy_in_one_element_more
  [==[AscendC::DataCopy(xLocal, xGm[progress * this->tileLength], this->tileLength);]==]
  [==[AscendC::DataCopy(xLocal, xGm[progress * this->tileLength], this->tileLength + 1);]==]
  misaligned_copy 0 "DataCopy" "16388 B is not a multiple of 32 B"
  "LeakyReluCustom: copy-in of one element more than the tile (16388 B)")
opsim_seeded_mutant(sample_op_leaky_relu leaky_last_tile_skipped
  [==[int32_t loopCount = this->tileNum * BUFFER_NUM;]==]
  [==[int32_t loopCount = this->tileNum * BUFFER_NUM - 1;]==]
  unwritten_output -1 "kernel end" "output 'y' bytes [245760, 262144)"
  "LeakyReluCustom: the loop one tile short")
opsim_seeded_mutant(sample_op_leaky_relu leaky_free_removed
  [==[        inQueueX.FreeTensor(xLocal);
]==] ""
  queue_misuse 0 "TQue::AllocTensor" "buffers of queue #0 are in use"
  "LeakyReluCustom: the input tile's `FreeTensor` removed")
opsim_seeded_mutant(sample_op_leaky_relu leaky_input_handoff_removed
  [==[        // enque input tensors to VECIN queue
        inQueueX.EnQue(xLocal);
    }
    __aicore__ inline void Compute(int32_t progress)
    {
        // deque input tensors from VECIN queue
        AscendC::LocalTensor<float> xLocal = inQueueX.DeQue<float>();]==]
  [==[        // hand the tile to Compute directly
        inX = xLocal;
    }
    AscendC::LocalTensor<float> inX;
    __aicore__ inline void Compute(int32_t progress)
    {
        AscendC::LocalTensor<float> xLocal = inX;]==]
  missing_sync 0 "Maxs" "MTE2"
  "LeakyReluCustom: the input's `EnQue`/`DeQue` hand-off replaced by a member (the vector unit reads before the copy-in ends)")
opsim_seeded_mutant(sample_op_leaky_relu leaky_output_handoff_removed
  [==[        outQueueY.EnQue<float>(yLocal);
        // free input tensors for reuse
        inQueueX.FreeTensor(xLocal);
    }
    __aicore__ inline void CopyOut(int32_t progress)
    {
        // deque output tensor from VECOUT queue
        AscendC::LocalTensor<float> yLocal = outQueueY.DeQue<float>();]==]
  [==[        outY = yLocal;
        // free input tensors for reuse
        inQueueX.FreeTensor(xLocal);
    }
    AscendC::LocalTensor<float> outY;
    __aicore__ inline void CopyOut(int32_t progress)
    {
        AscendC::LocalTensor<float> yLocal = outY;]==]
  missing_sync 0 "DataCopy" "V"
  "LeakyReluCustom: the output's `EnQue`/`DeQue` hand-off replaced by a member (the copy-out reads before the vector unit ends)")
opsim_seeded_mutant(sample_op_leaky_relu leaky_out_queue_sized_by_block
  [==[pipe.InitBuffer(outQueueY, BUFFER_NUM, this->tileLength * sizeof(float));]==]
  [==[pipe.InitBuffer(outQueueY, BUFFER_NUM, this->blockLength * sizeof(float));]==]
  ub_overflow 0 "TPipe::InitBuffer" "requested 2 x 262144 = 524288 B of Unified Buffer"
  "LeakyReluCustom: the output queue's buffers sized by the block length instead of the tile")

# --- Bugs no check sees from a launch (docs/CHECKS.md says why): each must run clean -----------
opsim_seeded_mutant(sample_neo neo_reads_neighbour_input
  [==[xGm.SetGlobalBuffer((__gm__ half *)x + BLOCK_LENGTH * AscendC::GetBlockIdx(), BLOCK_LENGTH);]==]
  [==[xGm.SetGlobalBuffer((__gm__ half *)x + BLOCK_LENGTH * (AscendC::GetBlockIdx() ^ 1), BLOCK_LENGTH);]==]
  none 0 "" ""
  "AddKernelInvocationNeo: each core reads its neighbour's x (in bounds, written data)")
opsim_seeded_mutant(sample_op_leaky_relu leaky_wrong_threshold
  [==[float inputVal = 0.0;]==] [==[float inputVal = 1.0;]==]
  none 0 "" ""
  "LeakyReluCustom: the threshold constant 1.0 where 0.0 was meant (a wrong but valid value)")
opsim_seeded_mutant(ours_add ours_add_sub_instead_of_add
  [==[AscendC::Add(z, x, y, static_cast<int32_t>(tile_));]==]
  [==[AscendC::Sub(z, x, y, static_cast<int32_t>(tile_));]==]
  none 0 "" ""
  "ours Add: `Sub` where `Add` was meant")
opsim_seeded_mutant(ours_argmax argmax_merge_without_barrier
  [==[      // Every block waits for every part, then block 0 merges them (in index order).
      AscendC::SyncAll();
]==] [==[      // Every block waits for every part, then block 0 merges them (in index order).
]==]
  gm_race 1 "GlobalTensor::SetValue" "read-after-write race on GM 'workspace' [0x4, 0x8) of 544 B: block 1 writes it (GlobalTensor::SetValue, S at 1.77 us) and block 0 reads it (GlobalTensor::GetValue"
  "ours ArgMax (split row): `SyncAll` removed, block 0 merges parts other cores may not have written yet")
opsim_seeded_mutant(ours_reduce reduce_ara_last_row_tile_skipped
  [==[    for (uint64_t r0 = share_.r_begin; r0 < share_.r_end; r0 += t_.rows) {
      const uint32_t rows = static_cast<uint32_t>(Min<uint64_t>(t_.rows, share_.r_end - r0));
      CopyIn((a0 * t_.r + r0) * t_.inner + c0, rows, cols, contiguous, stride);]==]
  [==[    for (uint64_t r0 = share_.r_begin; r0 + t_.rows < share_.r_end; r0 += t_.rows) {
      const uint32_t rows = static_cast<uint32_t>(Min<uint64_t>(t_.rows, share_.r_end - r0));
      CopyIn((a0 * t_.r + r0) * t_.inner + c0, rows, cols, contiguous, stride);]==]
  none 0 "" ""
  "ours ReduceSum (ARA): the last tile of reduced rows skipped (every output is written, the sum is short)")
