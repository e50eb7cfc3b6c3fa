#!/usr/bin/env bash
# Real mail servers for the mailbox tests (test/cli/mailbox.test.ts), on 127.0.0.1 only:
# Dovecot (IMAP on 11143, LMTP on 11024, SASL auth for Postfix on 11012), with its own config,
# users and maildirs under DIR, and Postfix (SMTP submission with AUTH on 10025), which delivers
# mail for @hexpost.test to Dovecot over LMTP. Debian packages: dovecot-imapd dovecot-lmtpd postfix
# (.ci/run installs them). Runs as root (Postfix is the machine's own instance, reconfigured
# for loopback only).
#   servers.sh start DIR    writes the configs, starts both, writes DIR/servers.json
#   servers.sh stop DIR     stops both
# The ports are fixed (HEXPOST_MAIL_PORT_OFFSET moves them): one run at a time on a machine.
set -euo pipefail
cmd="${1:?usage: servers.sh start|stop DIR}"
dir="${2:?usage: servers.sh start|stop DIR}"
# HEXPOST_MAIL_PORT_OFFSET=<n> moves all four ports up by n (servers of another run still hold the usual ones)
off="${HEXPOST_MAIL_PORT_OFFSET:-0}"
[[ "$off" =~ ^[0-9]{1,4}$ ]] || { echo "HEXPOST_MAIL_PORT_OFFSET=$off: expected a number of 0 to 9999" >&2; exit 2; }
IMAP_PORT=$((11143 + off)) LMTP_PORT=$((11024 + off)) AUTH_PORT=$((11012 + off)) SMTP_PORT=$((10025 + off))
MAIL_USER=hexpost-mail

stop() {
  postfix stop >/dev/null 2>&1 || true
  # a moved listener is taken out again (the usual one stays, as .ci/run's machine expects it)
  if [ "$off" != 0 ]; then postconf -MX "127.0.0.1:$SMTP_PORT/inet" >/dev/null 2>&1 || true; fi
  if [ -f "$dir/dovecot.conf" ]; then doveadm -c "$dir/dovecot.conf" stop >/dev/null 2>&1 || true; fi
}

if [ "$cmd" = stop ]; then stop; exit 0; fi
[ "$cmd" = start ] || { echo "usage: servers.sh start|stop DIR" >&2; exit 2; }
for b in dovecot doveadm postfix postconf; do
  command -v "$b" >/dev/null 2>&1 || { echo "$b is missing: apt-get install dovecot-imapd dovecot-lmtpd postfix" >&2; exit 1; }
done
stop
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
id -u "$MAIL_USER" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$MAIL_USER"
uid="$(id -u "$MAIL_USER")" gid="$(id -g "$MAIL_USER")"
mkdir -p "$dir/mail" "$dir/run" "$dir/state"
chown "$MAIL_USER:" "$dir/mail"
chmod 0755 "$dir"
# test users: name:{PLAIN}password (the tests read them from servers.json)
cat > "$dir/users" <<USERS
anna@hexpost.test:{PLAIN}anna-secret
ben@hexpost.test:{PLAIN}ben-secret
USERS
chmod 0640 "$dir/users"; chown root:dovecot "$dir/users"
cat > "$dir/dovecot.conf" <<CONF
protocols = imap lmtp
listen = 127.0.0.1
base_dir = $dir/run
state_dir = $dir/state
log_path = $dir/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:$dir/mail/%u
first_valid_uid = $uid
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $dir/users
}
userdb {
  driver = static
  args = uid=$uid gid=$gid home=$dir/mail/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $IMAP_PORT
  }
  inet_listener imaps {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = $LMTP_PORT
  }
}
service auth {
  inet_listener {
    address = 127.0.0.1
    port = $AUTH_PORT
  }
}
protocol lmtp {
  postmaster_address = postmaster@hexpost.test
}
CONF
dovecot -c "$dir/dovecot.conf" </dev/null >/dev/null 2>&1

postconf -e \
  "inet_interfaces = 127.0.0.1" "inet_protocols = ipv4" "myhostname = mail.hexpost.test" "mydestination =" \
  "relayhost =" "virtual_mailbox_domains = hexpost.test" "virtual_transport = lmtp:inet:127.0.0.1:$LMTP_PORT" \
  "smtpd_sasl_auth_enable = yes" "smtpd_sasl_type = dovecot" "smtpd_sasl_path = inet:127.0.0.1:$AUTH_PORT" \
  "smtpd_relay_restrictions = permit_sasl_authenticated, reject" \
  "smtpd_recipient_restrictions = permit_sasl_authenticated, reject" \
  "smtpd_tls_security_level = none" "smtp_tls_security_level = none" "compatibility_level = 3.6" \
  "maillog_file_prefixes = /var, /dev/stdout, $dir" "maillog_file = $dir/postfix.log"
# only our listener: no port 25, chroot off (nothing to copy into it)
postconf -MX smtp/inet >/dev/null 2>&1 || true
postconf -M "127.0.0.1:$SMTP_PORT/inet=127.0.0.1:$SMTP_PORT inet n - n - - smtpd"
postconf -M "postlog/unix-dgram=postlog unix-dgram n - n - 1 postlogd"
postfix check
postfix start </dev/null >/dev/null 2>&1

# wait for both to listen
for i in $(seq 1 50); do
  if (exec 3<>/dev/tcp/127.0.0.1/$SMTP_PORT) 2>/dev/null && (exec 3<>/dev/tcp/127.0.0.1/$IMAP_PORT) 2>/dev/null; then break; fi
  sleep 0.2
done
cat > "$dir/servers.json" <<JSON
{"smtp":{"host":"127.0.0.1","port":$SMTP_PORT},"imap":{"host":"127.0.0.1","port":$IMAP_PORT},
 "users":{"anna":{"address":"anna@hexpost.test","password":"anna-secret"},"ben":{"address":"ben@hexpost.test","password":"ben-secret"}}}
JSON
echo "mail servers up: SMTP 127.0.0.1:$SMTP_PORT, IMAP 127.0.0.1:$IMAP_PORT ($dir)"
