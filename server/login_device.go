package server

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/server/credential"
)

// Known devices. A successful login sets (or extends) the multipli_device
// cookie: a random device id and the accounts that signed in on the device,
// signed with a key derived from the server key. It is HttpOnly, sent only
// to the API, and lasts a year. A login for one of those accounts from this
// device counts its guesses in a bucket of its own (device × account), not
// in the account's bucket of unknown devices nor in the address's: an
// attacker elsewhere cannot lock the rightful person out of their device,
// nor a school's NAT full of failures lock out its classroom computers.
//
// A device knows a child when the child signed in on it, or their teacher
// did (the classroom computer the teacher set up). Only someone who holds
// the child's or the teacher's secret can make a device known, so an
// attacker cannot mint known devices to multiply their guesses. A parent's
// device is not a classroom: a parent can sign in on any number of new
// devices, which would each bring a fresh bucket of guesses at the child;
// at home the child uses their login card, which then makes the device
// known.

const (
	deviceCookie = "multipli_device"
	// deviceCookieLife: a school year and then some. Browsers cap cookies
	// at about 400 days anyway.
	deviceCookieLife = 365 * 24 * time.Hour
	// maxDeviceAccounts bounds the cookie: a classroom computer where a
	// whole class and their teacher sign in; the least recent go first.
	maxDeviceAccounts = 40
)

// device is what a request's device cookie says; id is empty when it had
// none (or one that is not ours).
type device struct {
	id       string
	accounts []string // "s42" (student), "t3" (teacher), "p7" (parent)
}

// deviceAccount names an account in the cookie.
func deviceAccount(role Role, id int64) string {
	return string(role[0]) + strconv.FormatInt(id, 10)
}

func (d device) knows(account string) bool { return d.id != "" && slices.Contains(d.accounts, account) }

// knowsStudent: the child signed in here, or their teacher did.
func (d device) knowsStudent(studentID, teacherID int64) bool {
	return d.knows(deviceAccount(RoleStudent, studentID)) || d.knows(deviceAccount(RoleTeacher, teacherID))
}

// bucket is the guesses of this device at one account. Hashed, so the
// table holds neither the device's id (the cookie's secret) nor a name.
func (d device) bucket(account string) string {
	sum := sha256.Sum256([]byte(d.id + "/" + account))
	return "device:" + hex.EncodeToString(sum[:16])
}

func (s *Server) deviceMAC(payload string) string {
	mac := hmac.New(sha256.New, s.cfg.SecretKey)
	mac.Write([]byte("multipli device cookie v1\x00" + payload))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// deviceOf reads the request's device cookie; a missing, altered or
// foreign one is no device.
func (s *Server) deviceOf(c echo.Context) device {
	ck, err := c.Cookie(deviceCookie)
	if err != nil {
		return device{}
	}
	payload, mac, ok := strings.Cut(ck.Value, "~")
	if !ok || !hmac.Equal([]byte(mac), []byte(s.deviceMAC(payload))) {
		return device{}
	}
	id, list, _ := strings.Cut(payload, ".")
	d := device{id: id}
	if list != "" {
		d.accounts = strings.Split(list, ".")
	}
	return d
}

// rememberDevice makes the device know the account (a new device gets an
// id), most recent last.
func (s *Server) rememberDevice(c echo.Context, d device, account string) {
	if d.id == "" {
		d.id = credential.NewToken(16)
	}
	d.accounts = append(slices.DeleteFunc(slices.Clone(d.accounts), func(a string) bool { return a == account }), account)
	if len(d.accounts) > maxDeviceAccounts {
		d.accounts = d.accounts[len(d.accounts)-maxDeviceAccounts:]
	}
	payload := d.id + "." + strings.Join(d.accounts, ".")
	c.SetCookie(&http.Cookie{
		Name: deviceCookie, Value: payload + "~" + s.deviceMAC(payload), Path: "/api/v1/",
		MaxAge: int(deviceCookieLife / time.Second), HttpOnly: true, Secure: s.cfg.SecureCookies, SameSite: http.SameSiteLaxMode,
	})
}
