<?php
// The router php -S runs before a bot: it answers the arena's
// verification init (game-id "verify-<id>") with the challenge in the
// file CHALLENGE_FILE names, and leaves every other request to the bot
// (return false: the built-in server runs the script the path names).
$in = file_get_contents('php://input');
$msg = json_decode($in, true);
if (is_array($msg) && ($msg['action'] ?? '') === 'init' && str_starts_with((string)($msg['game-id'] ?? ''), 'verify-')) {
    header('Content-Type: application/json');
    echo json_encode(['name' => basename($_SERVER['SCRIPT_NAME']), 'challenge' => trim((string)file_get_contents(getenv('CHALLENGE_FILE')))]);
    return true;
}
return false;
