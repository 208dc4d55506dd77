package arena

import (
	"encoding/json"
	"fmt"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/wire"
)

// Registration is a bot's registration request, as both edges take it:
// Plays is PlaysFights, PlaysRuns, or empty for the game's first (fights
// where the arena holds its live game).
type Registration struct {
	Name, URL, Description, Plays string
}

// ReadRegistration reads {"name", "url", "description"?, "plays"?}: one
// JSON object (bad_json otherwise) with those strings and nothing else
// (invalid_request). Register judges the values.
func ReadRegistration(body []byte) (*Registration, error) {
	o, err := object(body)
	if err != nil {
		return nil, err
	}
	if err := o.Only("a bot's registration", "name", "url", "description", "plays"); err != nil {
		return nil, play.Errorf(play.CodeInvalidRequest, "%v", err)
	}
	var r Registration
	if r.Name, err = o.String("name"); err == nil {
		r.URL, err = o.String("url")
	}
	if err == nil && o.Has("description") {
		r.Description, err = o.String("description")
	}
	if err == nil && o.Has("plays") {
		r.Plays, err = o.String("plays")
	}
	if err != nil {
		return nil, play.Errorf(play.CodeInvalidRequest, "%v", err)
	}
	return &r, nil
}

// MaxEntrant bounds the length of an entrant of a launch request: a bot's
// id or "house:" and a policy.
const MaxEntrant = 40

// ReadLaunch reads a fight's launch request, {"entrants": [...],
// "options": {...}?}: the entrants in seat order (bots' ids, or "house:<policy>"),
// at most 8 strings, and the game's match options. Launch judges them.
func ReadLaunch(body []byte) (entrants []string, options []byte, err error) {
	o, err := object(body)
	if err != nil {
		return nil, nil, err
	}
	if err := o.Only("a fight's launch", "entrants", "options"); err != nil {
		return nil, nil, play.Errorf(play.CodeInvalidRequest, "%v", err)
	}
	const most = 8
	if !o.Has("entrants") {
		return nil, nil, play.Errorf(play.CodeInvalidRequest, "entrants: is missing; it must be the fight's bots in seat order, their ids or \"house:<policy>\"")
	}
	if err := json.Unmarshal(o.Raw("entrants"), &entrants); err != nil || len(entrants) > most {
		return nil, nil, play.Errorf(play.CodeInvalidRequest, "entrants: must be a list of at most %d strings, the bots' ids or \"house:<policy>\", not %s", most, wire.Brief(o.Raw("entrants")))
	}
	for _, e := range entrants {
		if e == "" || len(e) > MaxEntrant {
			return nil, nil, play.Errorf(play.CodeInvalidRequest, "entrants: each is a bot's id or \"house:<policy>\", 1 to %d bytes, not %s", MaxEntrant, wire.Quote(e))
		}
	}
	return entrants, o.Raw("options"), nil
}

// ReadTrial reads a trial's request, {"url": "...", "options": {...}?}:
// the bot's URL and the game's match options. Trial judges them.
func ReadTrial(body []byte) (url string, options []byte, err error) {
	o, err := object(body)
	if err != nil {
		return "", nil, err
	}
	if err := o.Only("a trial", "url", "options"); err != nil {
		return "", nil, play.Errorf(play.CodeInvalidRequest, "%v", err)
	}
	if url, err = o.String("url"); err != nil {
		return "", nil, play.Errorf(play.CodeInvalidRequest, "%v: the bot's URL", err)
	}
	return url, o.Raw("options"), nil
}

// ReadNothing reads the body of a request that takes none: empty or {}.
func ReadNothing(body []byte) error {
	if len(body) == 0 {
		return nil
	}
	o, err := object(body)
	if err != nil {
		return err
	}
	if err := o.Only("this request"); err != nil {
		return play.Errorf(play.CodeInvalidRequest, "%v", err)
	}
	return nil
}

// object reads a body that must be one JSON object.
func object(body []byte) (*wire.Object, error) {
	o, err := wire.ReadObject(body, "")
	if err != nil {
		return nil, play.Errorf(play.CodeBadJSON, "the body must be one JSON object: %v", err)
	}
	return o, nil
}

// ReadScheduleOptions reads a host's options for each game's scheduled
// fights (Settings.Options): a JSON object of objects by game slug, as
// {"tron":{"width":30,"height":30}}.
func ReadScheduleOptions(raw string) (map[string][]byte, error) {
	games, err := wire.ReadObject([]byte(raw), "")
	if err != nil {
		return nil, fmt.Errorf("the scheduled fights' options are not a JSON object of each game's options: %w", err)
	}
	out := map[string][]byte{}
	for game, o := range games.All() {
		if _, err := wire.ReadObject(o, game); err != nil {
			return nil, fmt.Errorf("the scheduled fights' options of %s: %w", game, err)
		}
		out[game] = o
	}
	return out, nil
}
