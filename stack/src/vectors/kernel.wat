;; The inner loops of exact k-nearest-neighbour search, in WebAssembly SIMD: an int8
;; pass over every row of an index, and float32 distances (four lanes at a time) for
;; the rows it could not rule out. The stack compiles this text when the first index
;; is searched (wabt); see scan.ts. Float rows are `stride` floats apart, stride a
;; multiple of 4, padded with zeros, so padding changes neither sum.
(module
  (import "env" "memory" (memory 1))

  ;; out[r] = sum_j rows[r][j] * q[j]  for r in [0, n)
  (func (export "dot") (param $rows i32) (param $n i32) (param $stride i32) (param $q i32) (param $out i32)
    (local $end i32) (local $rowEnd i32) (local $p i32) (local $qp i32) (local $acc v128)
    (local.set $end (i32.add (local.get $out) (i32.shl (local.get $n) (i32.const 2))))
    (block $done
      (loop $row
        (br_if $done (i32.ge_u (local.get $out) (local.get $end)))
        (local.set $acc (v128.const f32x4 0 0 0 0))
        (local.set $p (local.get $rows))
        (local.set $qp (local.get $q))
        (local.set $rowEnd (i32.add (local.get $rows) (i32.shl (local.get $stride) (i32.const 2))))
        (block $rowDone
          (loop $col
            (br_if $rowDone (i32.ge_u (local.get $p) (local.get $rowEnd)))
            (local.set $acc
              (f32x4.add (local.get $acc) (f32x4.mul (v128.load (local.get $p)) (v128.load (local.get $qp)))))
            (local.set $p (i32.add (local.get $p) (i32.const 16)))
            (local.set $qp (i32.add (local.get $qp) (i32.const 16)))
            (br $col)))
        (f32.store (local.get $out) (call $sumLanes (local.get $acc)))
        (local.set $rows (local.get $rowEnd))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        (br $row))))

  ;; out[r] = sum_j (rows[r][j] - q[j])^2  for r in [0, n)
  (func (export "l2sq") (param $rows i32) (param $n i32) (param $stride i32) (param $q i32) (param $out i32)
    (local $end i32) (local $rowEnd i32) (local $p i32) (local $qp i32) (local $acc v128) (local $d v128)
    (local.set $end (i32.add (local.get $out) (i32.shl (local.get $n) (i32.const 2))))
    (block $done
      (loop $row
        (br_if $done (i32.ge_u (local.get $out) (local.get $end)))
        (local.set $acc (v128.const f32x4 0 0 0 0))
        (local.set $p (local.get $rows))
        (local.set $qp (local.get $q))
        (local.set $rowEnd (i32.add (local.get $rows) (i32.shl (local.get $stride) (i32.const 2))))
        (block $rowDone
          (loop $col
            (br_if $rowDone (i32.ge_u (local.get $p) (local.get $rowEnd)))
            (local.set $d (f32x4.sub (v128.load (local.get $p)) (v128.load (local.get $qp))))
            (local.set $acc (f32x4.add (local.get $acc) (f32x4.mul (local.get $d) (local.get $d))))
            (local.set $p (i32.add (local.get $p) (i32.const 16)))
            (local.set $qp (i32.add (local.get $qp) (i32.const 16)))
            (br $col)))
        (f32.store (local.get $out) (call $sumLanes (local.get $acc)))
        (local.set $rows (local.get $rowEnd))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        (br $row))))

  ;; out[r] = sum_j codes[r][j] * q[j]  for r in [0, n): int8 rows `stride` bytes apart
  ;; (a multiple of 16, zero padded) against an int16 query, exact in int32 (scan.ts
  ;; keeps the query's codes small enough that no sum overflows). The first pass of
  ;; every search: a quarter of the float rows' memory traffic.
  (func (export "dot_i8") (param $rows i32) (param $n i32) (param $stride i32) (param $q i32) (param $out i32)
    (local $end i32) (local $rowEnd i32) (local $p i32) (local $qp i32) (local $acc v128) (local $codes v128)
    (local.set $end (i32.add (local.get $out) (i32.shl (local.get $n) (i32.const 2))))
    (block $done
      (loop $row
        (br_if $done (i32.ge_u (local.get $out) (local.get $end)))
        (local.set $acc (v128.const i32x4 0 0 0 0))
        (local.set $p (local.get $rows))
        (local.set $qp (local.get $q))
        (local.set $rowEnd (i32.add (local.get $rows) (local.get $stride)))
        (block $rowDone
          (loop $col
            (br_if $rowDone (i32.ge_u (local.get $p) (local.get $rowEnd)))
            (local.set $codes (v128.load (local.get $p)))
            (local.set $acc
              (i32x4.add (local.get $acc)
                (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $codes)) (v128.load (local.get $qp)))))
            (local.set $acc
              (i32x4.add (local.get $acc)
                (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $codes)) (v128.load offset=16 (local.get $qp)))))
            (local.set $p (i32.add (local.get $p) (i32.const 16)))
            (local.set $qp (i32.add (local.get $qp) (i32.const 32)))
            (br $col)))
        (i32.store (local.get $out)
          (i32.add
            (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
            (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc)))))
        (local.set $rows (local.get $rowEnd))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        (br $row))))

  (func $sumLanes (param $v v128) (result f32)
    (f32.add
      (f32.add (f32x4.extract_lane 0 (local.get $v)) (f32x4.extract_lane 1 (local.get $v)))
      (f32.add (f32x4.extract_lane 2 (local.get $v)) (f32x4.extract_lane 3 (local.get $v))))))
