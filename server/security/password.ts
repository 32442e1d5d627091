import { randomInt } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/*
 * Password hashing for every account: argon2id (the library's default algorithm) with its default
 * cost, 19 MiB and 2 passes, the OWASP minimum. The PHC string carries its own parameters and salt,
 * so stronger settings later still verify old hashes.
 */

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False for a wrong password and for a stored value that is not a valid hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// No look-alike characters (0/O, 1/l/I): the generated password is read off a terminal and typed.
const LOWER = "abcdefghijkmnpqrstuvwxyz";
const UPPER = "ABCDEFGHJKLMNPQRSTUVWXYZ";
const DIGITS = "23456789";
const ALPHABET = LOWER + UPPER + DIGITS;

/** A random password with lower case, upper case and digits; 16 characters carry about 90 bits. */
export function generatePassword(length = 16): string {
  for (;;) {
    let password = "";
    for (let i = 0; i < length; i++) password += ALPHABET[randomInt(ALPHABET.length)];
    if ([LOWER, UPPER, DIGITS].every((set) => [...password].some((c) => set.includes(c)))) return password;
  }
}
