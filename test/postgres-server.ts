// A private PostgreSQL server for the history tests: Debian's binaries (package postgresql, see
// scripts/setup.sh), a cluster in a temporary folder, on a free port of 127.0.0.1 and its own
// socket folder, so it shares nothing with a server the machine may run. Durability is off (a test
// database is thrown away), which keeps initdb and startup to about a second.
import { execa } from 'execa'
import { access, chown, constants, mkdtemp, readdir, readFile, rm, writeFile, appendFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import pg from 'pg'

export interface PostgresServer {
  /** The superuser `agentprobe` (trust auth) on the `postgres` database. */
  url: string
  /** A user that must give its password (scram-sha-256), with no rights of its own: give it a database to own. */
  passwordUser: { user: string; password: string }
  /** Stops the server (fast shutdown) and deletes its folder. */
  stop(): Promise<void>
}

const SUPERUSER = 'agentprobe'
const PASSWORD_USER = 'shard'

export async function startPostgres(): Promise<PostgresServer> {
  const bin = await findBinaries()
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-postgres-'))
  const data = join(dir, 'data')
  const log = join(dir, 'server.log')
  // PostgreSQL refuses to run as root: as root, the server and its tools run as the postgres user.
  const asRoot = process.getuid?.() === 0
  if (asRoot) await chown(dir, Number((await execa('id', ['-u', 'postgres'])).stdout), Number((await execa('id', ['-g', 'postgres'])).stdout))
  const run = (tool: string, args: string[]) =>
    asRoot ? execa('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { cwd: dir }) : execa(join(bin, tool), args, { cwd: dir })

  let started = false
  const stop = async () => {
    if (started) await run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => undefined)
    started = false
    await rm(dir, { recursive: true, force: true })
  }
  try {
    await run('initdb', ['-D', data, '-U', SUPERUSER, '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync', '--auth=trust'])
    const port = await freePort()
    await appendFile(
      join(data, 'postgresql.conf'),
      [`port = ${port}`, "listen_addresses = '127.0.0.1'", `unix_socket_directories = '${dir}'`, 'fsync = off', 'synchronous_commit = off', 'full_page_writes = off', ''].join('\n'),
    )
    // The superuser is trusted; everyone else gives a password, over TCP as a CI's server wants it.
    await writeFile(join(data, 'pg_hba.conf'), [`local all all trust`, `host all ${SUPERUSER} 127.0.0.1/32 trust`, 'host all all 127.0.0.1/32 scram-sha-256', ''].join('\n'))
    started = true
    await run('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '30', 'start'])
    const url = `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`
    // Characters a URL must escape, so the tests see the password both ways.
    const password = `pw:${Math.random().toString(36).slice(2)}/@?`
    const client = new pg.Client(url)
    await client.connect()
    try {
      await client.query(`CREATE ROLE ${PASSWORD_USER} LOGIN PASSWORD ${client.escapeLiteral(password)}`)
    } finally {
      await client.end()
    }
    return { url, passwordUser: { user: PASSWORD_USER, password }, stop }
  } catch (error) {
    const tail = await readFile(log, 'utf8').then((text) => text.trim().split('\n').slice(-20).join('\n'), () => '(no server log)')
    await stop()
    throw new Error(`the test PostgreSQL server did not start: ${error instanceof Error ? error.message : String(error)}\nserver log, last lines:\n${tail}`)
  }
}

/** The folder holding initdb and pg_ctl: on PATH, else Debian's /usr/lib/postgresql/<version>/bin, newest version first. */
async function findBinaries(): Promise<string> {
  const debian = await readdir('/usr/lib/postgresql').catch(() => [])
  const versions = debian.filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a))
  const candidates = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), ...versions.map((v) => join('/usr/lib/postgresql', v, 'bin'))]
  for (const dir of candidates) {
    const ok = await Promise.all(['initdb', 'pg_ctl'].map((tool) => access(join(dir, tool), constants.X_OK).then(() => true, () => false)))
    if (ok.every(Boolean)) return dir
  }
  throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found on PATH nor under /usr/lib/postgresql/*/bin: run scripts/setup.sh (apt package postgresql)')
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}
