import pg from 'pg';

type Field = { name: string; dataTypeID: number; format?: string };
type ResultShape = {
  rowAsArray: boolean;
  fields: Field[];
  _parsers: unknown[] | undefined;
  _types: { getTypeParser: (oid: number, format: string) => unknown } | undefined;
};
type Tuned = { lokalTuned?: true };

/**
 * Two per-statement costs of the pg driver that Lokal's reads do not need, each about 3–4 % of the CPU of a
 * page built from several reads (decision 062):
 * - For every result, `addFields` builds an empty row object with a key per column (a dictionary-mode object,
 *   then copied) that only rows read as objects use. Drizzle reads rows as arrays: for those only the column
 *   parsers are looked up.
 * - Every statement's config is cloned through its property descriptors. A plain object (every config Lokal
 *   and Drizzle pass) is copied with a spread, which gives the same own, enumerable data properties.
 * Idempotent; rows read as objects and configs of any other class go through the driver's own code.
 */
export function tunePgDriver(): void {
  const Result = (
    pg as unknown as { Result: { prototype: { addFields: (fields: Field[]) => void } & Tuned } }
  ).Result;
  const proto = Result.prototype;
  if (!proto.lokalTuned) {
    const addFields = proto.addFields;
    const fallback = (pg as unknown as { types: NonNullable<ResultShape['_types']> }).types;
    proto.addFields = function (this: ResultShape, fields: Field[]) {
      if (!this.rowAsArray) return addFields.call(this, fields);
      this.fields = fields;
      if (fields.length === 0) return;
      const types = this._types ?? fallback;
      const parsers = new Array(fields.length);
      for (let i = 0; i < fields.length; i++) {
        const field = fields[i] as Field;
        parsers[i] = types.getTypeParser(field.dataTypeID, field.format || 'text');
      }
      this._parsers = parsers;
    };
    proto.lokalTuned = true;
  }
  const utils = (pg as unknown as { utils: { normalizeQueryConfig: NormalizeQueryConfig & Tuned } }).utils;
  if (!utils.normalizeQueryConfig.lokalTuned) {
    const normalize = utils.normalizeQueryConfig;
    const tuned: NormalizeQueryConfig = (config, values, callback) => {
      if (
        config === null ||
        typeof config !== 'object' ||
        Object.getPrototypeOf(config) !== Object.prototype
      ) {
        return normalize(config, values, callback);
      }
      const copy: Record<string, unknown> = { ...config };
      if (values) {
        if (typeof values === 'function') copy.callback = values;
        else copy.values = values;
      }
      if (callback) copy.callback = callback;
      return copy;
    };
    utils.normalizeQueryConfig = Object.assign(tuned, { lokalTuned: true as const });
  }
}

type NormalizeQueryConfig = (config: unknown, values?: unknown, callback?: unknown) => unknown;
