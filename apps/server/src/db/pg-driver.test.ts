import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { tunePgDriver } from './pg-driver.ts';

type AnyResult = {
  addFields: (fields: object[]) => void;
  _parsers?: unknown[];
  _prebuiltEmptyResultObject: object | null;
  fields: object[];
  parseRow: (row: unknown[]) => unknown;
};
const { Result, utils } = pg as unknown as {
  Result: new (rowMode?: string) => AnyResult;
  utils: { normalizeQueryConfig: (config: unknown, values?: unknown, callback?: unknown) => unknown };
};

// Columns as PostgreSQL describes them: an int4, a text, a json and a timestamptz.
const FIELDS = [
  { name: 'id', dataTypeID: 23, format: 'text' },
  { name: 'name', dataTypeID: 25, format: 'text' },
  { name: 'doc', dataTypeID: 114, format: 'text' },
  { name: 'at', dataTypeID: 1184, format: 'text' },
];
const RAW = ['7', 'Ana', '{"a":[1]}', '2026-11-27 10:00:00+00'];

describe('tunePgDriver', () => {
  // What the driver's own code gives, taken before the tuning.
  const before = {
    array: (() => {
      const r = new Result('array');
      r.addFields(FIELDS);
      return r.parseRow(RAW);
    })(),
    object: (() => {
      const r = new Result();
      r.addFields(FIELDS);
      return r.parseRow(RAW);
    })(),
    config: utils.normalizeQueryConfig({ text: 'select $1', name: 'q', rowMode: 'array' }, [1]),
  };
  tunePgDriver();
  tunePgDriver(); // twice: the second call changes nothing

  it('parses a row read as an array as the driver did', () => {
    const r = new Result('array');
    r.addFields(FIELDS);
    expect(r.fields).toBe(FIELDS);
    // The row object only rows read as objects use is not built.
    expect(r._prebuiltEmptyResultObject).toBeNull();
    expect(r.parseRow(RAW)).toEqual(before.array);
    expect(r.parseRow(RAW)).toEqual([7, 'Ana', { a: [1] }, new Date('2026-11-27T10:00:00Z')]);
  });

  it('leaves rows read as objects to the driver', () => {
    const r = new Result();
    r.addFields(FIELDS);
    expect(r.parseRow(RAW)).toEqual(before.object);
    expect(r.parseRow(RAW)).toMatchObject({ id: 7, name: 'Ana' });
  });

  it('copies a plain config with its values and callback, and never changes the one given', () => {
    const given = { text: 'select $1', name: 'q', rowMode: 'array' };
    const copy = utils.normalizeQueryConfig(given, [1]);
    expect(copy).toEqual(before.config);
    expect(copy).not.toBe(given);
    expect(given).toEqual({ text: 'select $1', name: 'q', rowMode: 'array' });
    const done = () => {};
    expect(utils.normalizeQueryConfig({ text: 'select 1' }, done)).toEqual({
      text: 'select 1',
      callback: done,
    });
    expect(utils.normalizeQueryConfig('select 1', [2])).toEqual({ text: 'select 1', values: [2] });
  });

  it('keeps the prototype of a config of another class', () => {
    class Config {
      text = 'select 1';
      get label() {
        return 'mine';
      }
    }
    const copy = utils.normalizeQueryConfig(new Config()) as Config;
    expect(copy).toBeInstanceOf(Config);
    expect(copy.label).toBe('mine');
  });
});
