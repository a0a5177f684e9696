/** Typed columns that grow by copying into a longer array (slots, postings, documents). */

/** A copy of `array` `length` long: its values first, then `fill` (0 by default). */
export const grownInt32 = (array: Int32Array, length: number, fill = 0): Int32Array<ArrayBuffer> => {
  const next = new Int32Array(length)
  if (fill !== 0) next.fill(fill, array.length)
  next.set(array)
  return next
}
