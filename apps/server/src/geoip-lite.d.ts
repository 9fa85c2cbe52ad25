// geoip-lite ships no types; this is the one call the locale service makes.
declare module 'geoip-lite' {
  const geoip: { lookup: (ip: string) => { city: string; country: string } | null };
  export default geoip;
}
