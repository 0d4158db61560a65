/*
 * PayPal JS SDK stand-in (served by stand_ins::paypal::PayPalStandIn at /sdk/js, any query string).
 * Not PayPal's script: the small subset of its browser API the Gistbook front end uses, opening
 * the stand-in's approval page at __BASE__ instead of paypal.com. Load it before the app bundle; it
 * sets window.paypal, as <script src="https://www.paypal.com/sdk/js?client-id=..."> does.
 *
 *   const buttons = paypal.Buttons({
 *     style,                                   // {color: 'gold'|'blue'|'silver'|'white'|'black', shape: 'rect'|'pill', height}
 *     createOrder: (data, actions) => fetchOrderIdFromServer(),          // or:
 *     createSubscription: (data, actions) => fetchSubscriptionIdFromServer(),
 *     onApprove: (data, actions) => ...,       // data: {orderID, payerID, subscriptionID?, facilitatorAccessToken, paymentSource}
 *     onCancel: (data) => ...,                 // data: {orderID}
 *     onError: (err) => ...
 *   });
 *   if (buttons.isEligible()) await buttons.render('#paypal');   // or an element
 *   buttons.close();                                              // on unmount
 *
 * The button is one real <button type="button"> ("PayPal", accessible name "Pay with PayPal").
 * A click asks createSubscription (when given) or createOrder for an id, then opens the approval
 * page (<BASE>/checkoutnow?token=<id>) in a modal frame (role="dialog", aria-label "PayPal"); its
 * Approve approves the order (or starts the subscription) at the stand-in, then onApprove is
 * called; Cancel (or Escape) calls onCancel. A rejected createOrder/createSubscription or onApprove
 * calls onError.
 *
 * Works under a strict Content-Security-Policy of the embedding page: no inline script, no
 * eval, no <style> element or style attribute (styles are set through the CSSOM, which a policy
 * does not govern); the page's policy must allow this origin in script-src and frame-src.
 */
(function () {
  'use strict';
  var BASE = '__BASE__';
  var ORIGIN = new URL(BASE).origin;
  var COLORS = {
    gold: ['#ffc439', '#111111'],
    blue: ['#0070ba', '#ffffff'],
    silver: ['#eeeeee', '#111111'],
    white: ['#ffffff', '#111111'],
    black: ['#000000', '#ffffff']
  };

  function asError(reason) {
    if (reason instanceof Error) return reason;
    var message = reason && reason.message ? reason.message : String(reason || 'PayPal stand-in error');
    return new Error(message);
  }

  function notServed(what) {
    return function () {
      return Promise.reject(new Error('PayPal stand-in: ' + what + ' is not served; do it on your server'));
    };
  }

  /* The modal approval window: resolves with the approval page's message. */
  function approvalWindow(token) {
    var overlay = document.createElement('div');
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', 'PayPal');
    overlay.setAttribute('data-stand-in', 'paypal-window');
    overlay.tabIndex = -1;
    overlay.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.6);display:flex;align-items:center;' +
      'justify-content:center;z-index:2147483647';
    var frame = document.createElement('iframe');
    frame.title = 'PayPal';
    frame.src = BASE + '/checkoutnow?token=' + encodeURIComponent(token);
    frame.style.cssText = 'width:min(460px,95vw);height:min(420px,90vh);background:#fff;border:0;border-radius:8px';
    overlay.appendChild(frame);

    var settle;
    var promise = new Promise(function (resolve) { settle = resolve; });
    var open = true;

    function close(result) {
      if (!open) return;
      open = false;
      window.removeEventListener('message', onMessage);
      document.removeEventListener('focusin', keepFocus, true);
      overlay.removeEventListener('keydown', onKey);
      if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
      if (result) settle(result);
    }
    function onMessage(event) {
      if (event.origin !== ORIGIN || event.source !== frame.contentWindow) return;
      var data = event.data;
      if (!data || data.standInPayPal !== token) return;
      close(data);
    }
    /* Focus stays in the dialog while it is open. */
    function keepFocus(event) {
      if (!overlay.contains(event.target)) frame.focus();
    }
    function onKey(event) {
      if (event.key === 'Escape') close({approved: false, cancelled: true});
    }
    window.addEventListener('message', onMessage);
    document.addEventListener('focusin', keepFocus, true);
    overlay.addEventListener('keydown', onKey);
    frame.addEventListener('load', function () { if (open) frame.focus(); });
    document.body.appendChild(overlay);
    frame.focus();
    return {promise: promise, close: function () { close(null); }};
  }

  function Buttons(options) {
    options = options || {};
    var style = options.style || {};
    var colors = COLORS[style.color] || COLORS.gold;
    var buttons = [];
    var modal = null;
    var busy = false;
    var closed = false;

    function report(err) {
      if (typeof options.onError === 'function') options.onError(asError(err));
      else if (window.console) window.console.error(err);
    }

    function setBusy(on) {
      busy = on;
      buttons.forEach(function (b) {
        if (on) { b.setAttribute('aria-busy', 'true'); b.setAttribute('aria-disabled', 'true'); }
        else { b.removeAttribute('aria-busy'); b.removeAttribute('aria-disabled'); }
      });
    }

    function start(button) {
      if (busy || closed) return;
      var kind = typeof options.createSubscription === 'function' ? 'subscription' : 'order';
      var create = kind === 'subscription' ? options.createSubscription : options.createOrder;
      if (typeof create !== 'function') {
        report(new Error('PayPal stand-in: pass createOrder or createSubscription to paypal.Buttons'));
        return;
      }
      setBusy(true);
      var createActions = {
        order: {create: notServed('actions.order.create')},
        subscription: {create: notServed('actions.subscription.create')}
      };
      var id = null;
      function finish() {
        modal = null;
        setBusy(false);
        if (!closed && button.isConnected) button.focus();
      }
      Promise.resolve()
        .then(function () { return create({paymentSource: 'paypal'}, createActions); })
        .then(function (created) {
          if (typeof created !== 'string' || !created) throw new Error('Expected an order id to be passed');
          id = created;
          if (closed) return null;
          modal = approvalWindow(id);
          return modal.promise;
        })
        .then(function (result) {
          finish();
          if (!result) return undefined;
          if (result.approved) {
            var data = {
              orderID: result.orderID || id,
              payerID: result.payerID,
              facilitatorAccessToken: 'A21AA-standin-facilitator',
              paymentSource: 'paypal'
            };
            if (kind === 'subscription') data.subscriptionID = id;
            var actions = {
              order: {capture: notServed('actions.order.capture'), get: notServed('actions.order.get')},
              subscription: {get: notServed('actions.subscription.get')},
              restart: function () { start(button); return Promise.resolve(); },
              redirect: function (url) { window.location.assign(url || window.location.href); }
            };
            return typeof options.onApprove === 'function' ? options.onApprove(data, actions) : undefined;
          }
          if (result.error) throw new Error(result.error);
          if (typeof options.onCancel === 'function') return options.onCancel({orderID: result.orderID || id});
          return undefined;
        })
        .then(undefined, function (err) {
          if (modal) modal.close();
          finish();
          report(err);
        });
    }

    function makeButton() {
      var button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'PayPal';
      button.setAttribute('aria-label', 'Pay with PayPal');
      button.setAttribute('data-stand-in', 'paypal-button');
      var height = Math.min(Math.max(Number(style.height) || 45, 25), 55);
      var s = button.style;
      s.display = 'block';
      s.width = '100%';
      s.minHeight = height + 'px';
      s.background = colors[0];
      s.color = colors[1];
      s.border = style.color === 'white' ? '1px solid #555555' : '0';
      s.borderRadius = style.shape === 'pill' ? (height / 2) + 'px' : '4px';
      s.font = 'bold 18px/1 Helvetica, Arial, sans-serif';
      s.fontStyle = 'italic';
      s.cursor = 'pointer';
      /* A focus ring that shows on light and dark pages, whatever the page's own CSS says. */
      button.addEventListener('focus', function () {
        s.outline = '3px solid #003087';
        s.outlineOffset = '2px';
        s.boxShadow = '0 0 0 5px #ffffff';
      });
      button.addEventListener('blur', function () {
        s.outline = '';
        s.outlineOffset = '';
        s.boxShadow = '';
      });
      button.addEventListener('click', function () { start(button); });
      return button;
    }

    return {
      render: function (target) {
        return new Promise(function (resolve, reject) {
          if (closed) { reject(new Error('PayPal stand-in: these buttons were closed')); return; }
          var container = typeof target === 'string' ? document.querySelector(target) : target;
          if (!container || typeof container.appendChild !== 'function') {
            reject(new Error('Document is ready and element ' + target + ' does not exist'));
            return;
          }
          var button = makeButton();
          buttons.push(button);
          container.appendChild(button);
          resolve();
        });
      },
      isEligible: function () { return true; },
      close: function () {
        closed = true;
        if (modal) modal.close();
        modal = null;
        buttons.forEach(function (b) { if (b.parentNode) b.parentNode.removeChild(b); });
        buttons = [];
        return Promise.resolve();
      }
    };
  }

  window.paypal = {
    Buttons: Buttons,
    FUNDING: {PAYPAL: 'paypal', CARD: 'card', VENMO: 'venmo', PAYLATER: 'paylater'},
    version: '5.0.0-standin'
  };
})();
