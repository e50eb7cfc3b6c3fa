// Commands: what a player asks for. This is the JSON form (what the log stores and tools send);
// parse.ts reads the text form and format.ts writes it back, so both forms carry the same content.
import { z } from 'zod';

/** A relative (+n / -n) or absolute (n) amount, as in `rotate` and `track`. */
export const Amount = z.union([
  z.object({ by: z.number().int() }).strict(),
  z.object({ to: z.number().int() }).strict(),
]);
export type Amount = z.output<typeof Amount>;

const Str = z.string().min(1);
const Value = z.union([z.number().int(), z.string()]);

export const Command = z.discriminatedUnion('verb', [
  z.object({ verb: z.literal('move'), piece: Str, path: z.array(Str).min(1), mode: Str.optional() }).strict(),
  z.object({ verb: z.literal('rotate'), piece: Str, amount: Amount, mode: Str.optional() }).strict(),
  z.object({
    verb: z.literal('flip'), piece: Str, face: Str.optional(),
    facing: z.number().int().min(0).max(5).optional(), mode: Str.optional(),
  }).strict(),
  z.object({ verb: z.literal('mark'), target: Str, marker: Str }).strict(),
  z.object({ verb: z.literal('unmark'), target: Str, marker: Str }).strict(),
  z.object({ verb: z.literal('set'), piece: Str, prop: Str, value: Value }).strict(),
  z.object({ verb: z.literal('track'), track: Str, amount: Amount }).strict(),
  z.object({ verb: z.literal('stack'), piece: Str, position: z.enum(['top', 'bottom']) }).strict(),
  z.object({ verb: z.literal('roll'), dice: Str, purpose: z.string().optional() }).strict(),
  z.object({
    verb: z.literal('resolve'), procedure: Str,
    modifiers: z.array(z.object({ id: Str, value: Value.optional() }).strict()).default([]),
  }).strict(),
  z.object({ verb: z.literal('draw'), deck: Str, count: z.number().int().positive().optional() }).strict(),
  z.object({ verb: z.literal('play'), card: Str, use: Str.optional() }).strict(),
  z.object({ verb: z.literal('discard'), card: Str }).strict(),
  z.object({ verb: z.literal('shuffle'), deck: Str }).strict(),
  z.object({ verb: z.literal('add-cards'), deck: Str, set: Str }).strict(),
  z.object({ verb: z.literal('reveal-hand') }).strict(),
  z.object({ verb: z.literal('next'), to: z.literal('phase').optional() }).strict(),
  z.object({ verb: z.literal('note'), text: z.string() }).strict(),
  z.object({ verb: z.literal('lose'), piece: Str, points: z.number().int().positive().optional() }).strict(),
  z.object({ verb: z.literal('retreat'), piece: Str, path: z.array(Str).min(1) }).strict(),
  z.object({ verb: z.literal('advance'), piece: Str, path: z.array(Str).optional() }).strict(),
  z.object({
    verb: z.literal('delay'), piece: Str, turns: z.number().int().positive(), at: Str.optional(),
    faces: z.array(z.string().regex(/^[a-z0-9][a-z0-9._-]*$/)).min(1).optional(),
  }).strict(),
  z.object({ verb: z.literal('undo') }).strict(),
]);
export type Command = z.output<typeof Command>;
export type Verb = Command['verb'];
export type CommandOf<V extends Verb> = Extract<Command, { verb: V }>;
