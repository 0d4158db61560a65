/*
 * Stripe.js stand-in (served by stand_ins::stripe::StripeStandIn at /v3/ and /stripe.js).
 * Not Stripe's script: the small subset of its browser API the Gistbook front end uses, talking
 * to the stand-in at __BASE__ instead of api.stripe.com. Load it before the app bundle; it sets
 * window.Stripe, which @stripe/stripe-js's loadStripe then uses.
 *
 *   const stripe = Stripe('pk_test_...');
 *   const card = stripe.elements().create('card');
 *   card.mount('#card');           // labelled inputs: card number, expiry (MM/YY), CVC
 *   const {paymentMethod, error} = await stripe.createPaymentMethod({type: 'card', card, billing_details});
 *   const {paymentIntent, error} = await stripe.handleCardAction(clientSecret);   // or confirmCardPayment
 *   const {setupIntent, error} = await stripe.confirmCardSetup(clientSecret);      // a trial's card (3-D Secure)
 *
 * Test cards: 4242424242424242 pays, 4000000000000002 is declined, 4000002760003184 asks for
 * 3-D Secure: handleCardAction / confirmCardPayment open the stand-in's approval page in a modal
 * iframe and resolve {paymentIntent: {id, status: 'succeeded'}} once Approve is clicked, or
 * {error: {message}} if the buyer fails it.
 */
(function () {
  'use strict';
  var BASE = '__BASE__';

  function form(data) {
    return Object.keys(data).filter(function (k) { return data[k] !== undefined && data[k] !== null; })
      .map(function (k) { return encodeURIComponent(k) + '=' + encodeURIComponent(data[k]); }).join('&');
  }

  function field(container, label, name, placeholder) {
    var wrap = document.createElement('label');
    wrap.style.display = 'block';
    wrap.textContent = label + ' ';
    var input = document.createElement('input');
    input.type = 'text';
    input.name = name;
    input.placeholder = placeholder;
    input.autocomplete = 'off';
    input.setAttribute('data-stand-in', name);
    wrap.appendChild(input);
    container.appendChild(wrap);
    return input;
  }

  function CardElement() {
    this.inputs = null;
    this.handlers = {};
  }
  CardElement.prototype.mount = function (target) {
    var container = typeof target === 'string' ? document.querySelector(target) : target;
    if (!container) throw new Error('Stripe stand-in: nothing to mount the card element on');
    container.innerHTML = '';
    var self = this;
    this.inputs = {
      number: field(container, 'Card number', 'cardnumber', '4242 4242 4242 4242'),
      expiry: field(container, 'Expiry (MM/YY)', 'exp-date', '12/34'),
      cvc: field(container, 'CVC', 'cvc', '123')
    };
    Object.keys(this.inputs).forEach(function (k) {
      self.inputs[k].addEventListener('input', function () {
        var complete = self.inputs.number.value.replace(/\D/g, '').length >= 12;
        (self.handlers.change || []).forEach(function (h) { h({complete: complete, empty: !self.inputs.number.value, error: undefined}); });
      });
    });
    (this.handlers.ready || []).forEach(function (h) { h(self); });
  };
  CardElement.prototype.on = function (event, handler) {
    (this.handlers[event] = this.handlers[event] || []).push(handler);
    return this;
  };
  CardElement.prototype.unmount = function () { this.inputs = null; };
  CardElement.prototype.destroy = CardElement.prototype.unmount;
  CardElement.prototype.focus = function () { if (this.inputs) this.inputs.number.focus(); };
  CardElement.prototype.clear = function () {
    if (!this.inputs) return;
    var inputs = this.inputs;
    Object.keys(inputs).forEach(function (k) { inputs[k].value = ''; });
  };

  function threeDs(intentId) {
    return new Promise(function (resolve) {
      var overlay = document.createElement('div');
      overlay.setAttribute('role', 'dialog');
      overlay.setAttribute('aria-label', '3-D Secure');
      overlay.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;z-index:2147483647';
      var frame = document.createElement('iframe');
      frame.title = '3-D Secure';
      frame.src = BASE + '/3ds/' + encodeURIComponent(intentId);
      frame.style.cssText = 'width:420px;height:300px;background:#fff;border:0';
      overlay.appendChild(frame);
      function onMessage(event) {
        if (!event.data || event.data.standInThreeDs !== intentId) return;
        window.removeEventListener('message', onMessage);
        overlay.remove();
        resolve(event.data.ok);
      }
      window.addEventListener('message', onMessage);
      document.body.appendChild(overlay);
    });
  }

  window.Stripe = function (publishableKey) {
    function post(path, data) {
      return fetch(BASE + path, {
        method: 'POST',
        headers: {Authorization: 'Bearer ' + publishableKey, 'Content-Type': 'application/x-www-form-urlencoded'},
        body: form(data || {})
      }).then(function (r) { return r.json().then(function (body) { return {ok: r.ok, body: body}; }); });
    }
    function completeAction(clientSecret) {
      var intentId = String(clientSecret || '').split('_secret_')[0];
      return threeDs(intentId).then(function (approved) {
        if (!approved) {
          return {error: {type: 'card_error', code: 'payment_intent_authentication_failure',
            message: 'We are unable to authenticate your payment method.'}};
        }
        return {paymentIntent: {id: intentId, object: 'payment_intent', status: 'succeeded'}};
      });
    }
    return {
      elements: function () {
        return { create: function (type) {
          if (type !== 'card') throw new Error('Stripe stand-in: only the card element exists');
          return new CardElement();
        } };
      },
      createPaymentMethod: function (options) {
        var card = options && (options.card || (options.elements && options.element));
        if (!card || !card.inputs) return Promise.resolve({error: {type: 'validation_error', message: 'The card element is not mounted.'}});
        var expiry = card.inputs.expiry.value.split('/');
        var billing = (options && options.billing_details) || {};
        return post('/v1/payment_methods', {
          type: 'card',
          'card[number]': card.inputs.number.value.replace(/\s/g, ''),
          'card[exp_month]': (expiry[0] || '').trim(),
          'card[exp_year]': (expiry[1] || '').trim(),
          'card[cvc]': card.inputs.cvc.value,
          'billing_details[name]': billing.name,
          'billing_details[email]': billing.email
        }).then(function (r) { return r.ok ? {paymentMethod: r.body} : {error: r.body.error}; },
          function () { return {error: {type: 'api_connection_error', message: 'Could not reach the payment provider.'}}; });
      },
      handleCardAction: completeAction,
      confirmCardPayment: completeAction,
      // Saves a card for later payments: a PaymentMethod from the Element, then the SetupIntent
      // confirmed with it (the client secret proves the page may).
      // Without a card: authenticates the card a SetupIntent holds already (a subscription's trial
      // whose card asks for 3-D Secure: its pending_setup_intent).
      confirmCardSetup: function (clientSecret, data) {
        var card = data && data.payment_method && data.payment_method.card;
        var setupId = String(clientSecret || '').split('_secret_')[0];
        if (!card) {
          return threeDs(setupId).then(function (approved) {
            if (!approved) {
              return {error: {type: 'card_error', code: 'setup_intent_authentication_failure',
                message: 'We are unable to authenticate your payment method.'}};
            }
            return {setupIntent: {id: setupId, object: 'setup_intent', status: 'succeeded'}};
          });
        }
        return this.createPaymentMethod({type: 'card', card: card}).then(function (made) {
          if (made.error) return {error: made.error};
          return post('/v1/setup_intents/' + setupId + '/confirm', {payment_method: made.paymentMethod.id, client_secret: clientSecret})
            .then(function (r) { return r.ok ? {setupIntent: r.body} : {error: r.body.error}; },
              function () { return {error: {type: 'api_connection_error', message: 'Could not reach the payment provider.'}}; });
        });
      }
    };
  };
  window.Stripe.version = 3;
})();
